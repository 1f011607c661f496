import Foundation
@testable import ForecastCLI
import Testing
import TestSupport

/// `Fetch.quickParse` must give exactly what swift-argument-parser gives for the forms it
/// takes, and leave everything else to the parser.
@Suite("The quick parse of the common forms")
struct QuickParseTests {
    /// Every stored property, as Swift describes the value (an option the quick parse forgot to
    /// set would read as the parser's unset definition here).
    private func description(_ fetch: Fetch) -> String {
        String(describing: fetch)
    }

    @Test("Takes the common forms, with the same result as the parser", arguments: [
        ["130010"],
        ["130010", "140010", "東京", "tokyo", "北海道", "-"],
        [],
        ["-p", "-j", "50", "--no-cache", "130010"],
        ["--parallel", "--jobs", "3", "130010", "--refresh"],
        ["-j", "4", "130010"],
        ["-f", "line", "東京"],
        ["--format", "%l %c %C %H°", "--days", "2", "東京"],
        ["-f", "json", "-d", "1", "-v", "130010"],
        ["-f", "tsv", "--no-header", "130010"],
        ["--lang", "en", "--color", "never", "130010"],
        ["--timeout", "2.5", "--retries", "0", "--interval", "0", "130010"],
        ["--base-url", "http://127.0.0.1:8080", "--max-time", "5", "--stale-if-error", "1d", "130010"],
        ["-f", "line", "-f", "tsv", "130010"],
        ["--format=line", "--lang=en", "--parallel", "東京", "横浜"],
        ["--format=%l %C", "--days=2", "--max-time=5", "130010"],
    ])
    func sameAsParser(arguments: [String]) throws {
        let quick = try #require(Fetch.quickParse(arguments), "quickParse should take \(arguments)")
        let parsed = try Fetch.parse(arguments)
        #expect(description(quick) == description(parsed))
    }

    @Test("The CA file is checked as the parser checks it")
    func cacert() throws {
        try withExtendedLifetime(TemporaryFolder(prefix: "forecast-quick")) { folder in
            let file = folder.path("ca.pem")
            _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
            let arguments = ["--cacert", file, "130010"]
            let quick = try #require(Fetch.quickParse(arguments))
            #expect(description(quick) == description(try Fetch.parse(arguments)))
            #expect(Fetch.quickParse(["--cacert", folder.path("missing.pem"), "130010"]) == nil)
        }
    }

    @Test("Leaves to the parser what it does not take, or what is wrong", arguments: [
        ["--help"], ["-h"], ["--version"], ["130010", "--version"],
        ["--generate-completion-script", "bash"], ["---completion", "--", "positional@0"],
        ["--parallel=yes", "130010"], ["--verbose=", "130010"], ["-f=line", "130010"],
        ["--format=", "130010"], ["--lang=fr", "130010"], ["-pv", "130010"], ["--", "130010"], ["-x"],
        ["-f"], ["-f", "tabel", "130010"], ["-f", "%x", "130010"], ["-d", "4", "130010"],
        ["-j", "0", "130010"], ["-j", "many", "130010"], ["--timeout", "0", "130010"],
        ["--max-time", "0", "130010"], ["--lang", "fr", "130010"], ["--base-url", "ftp://x", "130010"],
        ["--refresh", "--no-cache", "130010"], ["--no-header", "-f", "json", "130010"],
        ["-f", "--parallel", "130010"], ["--stale-if-error", "5x", "130010"],
    ])
    func leavesToParser(arguments: [String]) {
        #expect(Fetch.quickParse(arguments) == nil)
    }
}
