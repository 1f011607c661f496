import NIOCore
import NIOHTTP1

extension MockHTTPHandler {
    static func unauthorized(_ challenge: String) -> Answer {
        Answer(status: .unauthorized, headers: [("WWW-Authenticate", challenge)], body: ByteBuffer(string: "unauthorized"))
    }

    /// The realm and nonce of `/digest-auth/`'s challenge. One nonce for the server's life:
    /// what is tested is the client's answer, not a replay.
    static let digestRealm = "forecast-mock"
    static let digestNonce = "c2e5f00d1a6b4e8f9d3c7a2b5e1f0c4d"

    /// The `WWW-Authenticate` challenge of `/digest-auth/` (RFC 7616, MD5 with `qop=auth`).
    static var digestChallenge: String {
        "Digest realm=\"\(digestRealm)\", qop=\"auth\", nonce=\"\(digestNonce)\", algorithm=MD5, opaque=\"mock\""
    }

    /// Whether `authorization` is a Digest answer to ``digestChallenge`` for `user` and
    /// `password`, made for this `method` and this request's `uri`.
    static func digestAuthorized(_ authorization: String?, method: String, uri target: String, user: String, password: String) -> Bool {
        guard let authorization, authorization.lowercased().hasPrefix("digest ") else { return false }
        let fields = digestFields(authorization.dropFirst("Digest ".count))
        guard fields["username"] == user, fields["realm"] == digestRealm, fields["nonce"] == digestNonce,
              let uri = fields["uri"], uri == target, let response = fields["response"], fields["qop"] == "auth",
              let nc = fields["nc"], let cnonce = fields["cnonce"]
        else { return false }
        let ha1 = MD5.hex("\(user):\(digestRealm):\(password)".utf8)
        let ha2 = MD5.hex("\(method):\(uri)".utf8)
        return response == MD5.hex("\(ha1):\(digestNonce):\(nc):\(cnonce):auth:\(ha2)".utf8)
    }

    /// The `name=value` and `name="value"` pairs of a Digest header, separated by commas, by their names in lower case
    /// (a quoted value holds no escaped quote: none of the answers to this challenge needs one).
    static func digestFields(_ text: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        var rest = text[...]
        while let equals = rest.firstIndex(of: "=") {
            let name = String(rest[..<equals].drop { $0 == " " || $0 == "," }).lowercased()
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
                value = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            fields[name] = String(value)
        }
        return fields
    }

    /// `/pattern/{count}`: the whole body, or from the `Range`'s start (206) when no `If-Range`
    /// names another validator than the body's ETag.
    static func pattern(_ count: Int, request head: HTTPRequestHead) -> Answer {
        let etag = "\"pattern-\(count)\""
        var start = 0
        if let range = head.headers.first(name: "range"), range.hasPrefix("bytes="), range.hasSuffix("-"),
           let from = Int(range.dropFirst("bytes=".count).dropLast()), from < count,
           head.headers.first(name: "if-range").map({ $0 == etag }) ?? true {
            start = from
        }
        // Written a period (251 bytes) at a time: byte by byte is far too slow in a debug build.
        let period = (0..<251).map { UInt8($0) }
        var body = ByteBuffer()
        body.reserveCapacity(count - start)
        var index = start
        while index < count {
            let phase = index % 251
            let length = min(251 - phase, count - index)
            body.writeBytes(period[phase..<phase + length])
            index += length
        }
        var headers = [("Content-Type", "application/octet-stream"), ("ETag", etag)]
        guard start > 0 else { return Answer(status: .ok, headers: headers, body: body) }
        headers.append(("Content-Range", "bytes \(start)-\(count - 1)/\(count)"))
        return Answer(status: .partialContent, headers: headers, body: body)
    }
}
