/// The `curl` command line of a request (``Request/cURLDescription()``).
enum CurlCommand {
    /// `curl` with the options that make the request `description` describes, each argument shell-quoted.
    static func line(for description: RequestDescription) -> String {
        let options = description.options
        var arguments = ["curl"]
        let sendsBody = description.body != nil || description.upload != nil
        if description.method == .head {
            arguments.append("--head")
        } else if description.method != .get, description.method != .post || !sendsBody {
            arguments += ["-X", description.method.rawValue]
        }
        for header in description.headers {
            arguments += ["-H", "\(header.name): \(header.value)"]
        }
        if !description.headers.contains(where: { $0.name.lowercased() == "expect" }), sendsBody {
            arguments += ["-H", "Expect:"]
        }
        arguments += ["-A", options.userAgent]
        if options.acceptEncoding { arguments.append("--compressed") }
        if let body = description.body {
            arguments += ["--data-binary", String(decoding: body, as: UTF8.self)]
        }
        switch description.upload {
        case .data(let data)?: arguments += ["--data-binary", String(decoding: data, as: UTF8.self)]
        case .file(let path)?: arguments += ["--data-binary", "@" + path]
        case nil: break
        }
        if let credential = description.credential {
            arguments += ["--anyauth", "-u", credential.user + ":****"]
        }
        if options.maxRedirects > 0 {
            arguments += ["-L", "--max-redirs", String(options.maxRedirects)]
        }
        arguments += [
            "--max-time", CurlError.format(seconds: options.timeout), "--connect-timeout", CurlError.format(seconds: options.connectTimeout),
        ]
        if let proxy = options.proxy {
            arguments += ["--proxy", proxy, "--noproxy", ""]
        }
        if let file = options.trust.caFile { arguments += ["--cacert", file] }
        if let directory = options.trust.caDirectory { arguments += ["--capath", directory] }
        arguments.append(description.url)
        return arguments.map(quoted).joined(separator: " ")
    }

    /// `text` as one shell word: bare when it has only safe characters, else in single quotes, a quote written `'\''`.
    static func quoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || "-_./:=@%+,".unicodeScalars.contains(scalar)
        }
        return safe ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
