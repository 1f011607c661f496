// What ahc-fetch and urlsession-fetch share: reading their command line, and running one fetch
// per URL with at most `jobs` of them in flight, counting the ones that failed.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fetcher's command line: `NAME [-j JOBS] URL…` or `NAME [-j JOBS] -f FILE` (one URL a line;
/// blank lines are skipped).
public struct FetchOptions: Sendable {
    public var jobs = 50
    public var urls: [String] = []

    /// Reads `CommandLine.arguments`; prints the usage and exits 64 when it cannot.
    public static func parse(name: String) -> FetchOptions {
        var options = FetchOptions()
        var arguments = CommandLine.arguments.dropFirst()
        func usage() -> Never {
            writeError("usage: \(name) [-j JOBS] URL… | \(name) [-j JOBS] -f FILE\n")
            exit(64)
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "-j", "--jobs":
                guard let value = arguments.popFirst(), let jobs = Int(value), jobs > 0 else { usage() }
                options.jobs = jobs
            case "-f", "--file":
                guard let path = arguments.popFirst(), let text = readFile(path) else { usage() }
                options.urls += text.split(whereSeparator: \.isNewline).map(String.init)
            case "-h", "--help":
                usage()
            default:
                options.urls.append(argument)
            }
        }
        if options.urls.isEmpty { usage() }
        return options
    }

    private static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Runs `fetch` once for each of `urls`, starting the next as one ends so that at most `jobs`
/// are in flight, and returns how many returned false.
public func fetchAll(
    _ urls: [String], jobs: Int, _ fetch: @escaping @Sendable (String) async -> Bool
) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        var pending = urls[...]
        for _ in 0..<min(jobs, urls.count) {
            let url = pending.removeFirst()
            group.addTask { await fetch(url) }
        }
        var failures = 0
        while let succeeded = await group.next() {
            if !succeeded { failures += 1 }
            if let url = pending.popFirst() {
                group.addTask { await fetch(url) }
            }
        }
        return failures
    }
}

/// Prints the failure count, the only thing a fetcher prints to standard output, and exits 1
/// if it is not zero.
public func finish(failures: Int) -> Never {
    print(failures)
    exit(failures == 0 ? 0 : 1)
}

/// Tells standard error why a URL failed (standard output stays the count alone).
public func report(_ url: String, _ why: String) {
    writeError("\(url): \(why)\n")
}

/// Writes to descriptor 2 directly: C's `stderr` is a global that Swift 6 will not share.
private func writeError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
