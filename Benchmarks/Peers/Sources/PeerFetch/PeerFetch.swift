// What ahc-fetch and urlsession-fetch share: their command line, and running one fetch per URL
// with at most `jobs` of them in flight, counting the ones that failed.
import ArgumentParser
import Foundation

/// A fetcher's command line: `NAME [-j JOBS] URL…` or `NAME [-j JOBS] -f FILE` (one URL a line;
/// blank lines are skipped). A bad one prints the usage and exits 64.
public struct FetchOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "At most this many requests in flight.")
    public var jobs = 50
    @Option(name: .shortAndLong, help: "A file of URLs, one a line.")
    public var file: String?
    @Argument(help: "The URLs.")
    public var urls: [String] = []

    public init() {}

    public mutating func validate() throws {
        guard jobs > 0 else { throw ValidationError("--jobs must be at least 1") }
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("cannot read \(file)")
            }
            urls += text.split(whereSeparator: \.isNewline).map(String.init)
        }
        guard !urls.isEmpty else { throw ValidationError("no URL given") }
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
    FileHandle.standardError.write(Data("\(url): \(why)\n".utf8))
}
