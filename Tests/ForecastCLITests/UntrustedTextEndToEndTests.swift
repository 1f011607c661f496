import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// The controls in `text` (as the gate defines them) other than `allowed`.
private func controls(in text: String, allowing allowed: Set<Unicode.Scalar>) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { UntrustedText.isControl($0) && !allowed.contains($0) }
}

/// What would take over a terminal if printed raw: a window title (OSC 0 … BEL), clear screen
/// (CSI 2J), the 8-bit CSI, DEL, a bidi override and isolate, NUL.
private let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{202E}evil\u{2069}\u{0}"

@Suite("Hostile text never reaches the terminal, end to end", .serialized)
struct UntrustedTextEndToEndTests {
    /// A fixtures folder whose 130010 (東京) is `crafted/hostile.json`: every text field of the
    /// response carries control characters.
    private func withHostileMock(_ body: ([String: String]) async throws -> Void) async throws {
        try await withTemporaryFolder(prefix: "forecast-hostile") { folder in
            for name in ["cities.tsv", "cities-api-location.tsv", "template.json", "140010.json"] {
                try FileManager.default.copyItem(at: fixturesDirectory.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
            }
            try FileManager.default.copyItem(
                at: fixturesDirectory.appendingPathComponent("crafted/hostile.json"), to: folder.url.appendingPathComponent("130010.json"))
            try await withMock(MockConfiguration(fixturesDirectory: folder.path)) { _, env in try await body(env) }
        }
    }

    @Test("TSV, line, table (with colour), detail and a template: no control on stdout but the format's own; the text kept",
          arguments: [["-f", "tsv"], ["-f", "line"], ["-f", "table", "--color", "always"], ["-f", "detail"], ["-f", "%l %C %P"]])
    func formats(format: [String]) async throws {
        try await withHostileMock { env in
            let result = try await forecast(format + ["130010", "140010"], environment: env)
            #expect(result.status == 0)
            #expect(result.stderr == "")
            // The table's colours are the formatter's own SGR sequences, and only those.
            let output = result.stdout.replacing(/\u{1B}\[[0-9]+m/, with: "")
            #expect(controls(in: output, allowing: ["\t", "\n"]).isEmpty, "\(output.debugDescription)")
            // The table and the detail format wrap the long hostile name; its characters are all there.
            let unwrapped = format.contains("table") || format.contains("detail")
                ? output.replacing(/\n */, with: "") : output
            #expect(unwrapped.contains("東京\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J\u{FFFD}31m"), "\(unwrapped)")
            #expect(output.contains("横浜"), "the other city is printed as usual")
            if format.contains("table") {
                #expect(result.stdout.contains("\u{1B}[1m"), "the header is still bold")
            }
        }
    }

    @Test("JSON: valid, the text kept exactly, every control escaped")
    func json() async throws {
        try await withHostileMock { env in
            let result = try await forecast(["-f", "json", "130010"], environment: env)
            #expect(result.status == 0)
            #expect(controls(in: result.stdout, allowing: ["\n"]).isEmpty)
            #expect(result.stdout.contains("\\u001b]0;PWNED\\u0007\\u001b[2J\\u009b31m\\u007f\\u202eevil"))
            let fixture = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: fixturesDirectory.appendingPathComponent("crafted/hostile.json")))
                    as? [String: Any])
            let location = try #require(fixture["location"] as? [String: String])
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array.first?["city"] as? String == location["city"])
            #expect(array.first?["prefecture"] as? String == location["prefecture"])
        }
    }

    @Test("The API's error message: one gated line on stderr, escaped in JSON")
    func apiErrorMessage() async throws {
        let message = "The specified city ID" + hostile + "\n is invalid."
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.apiError(message))])) { _, env in
            let result = try await forecast(["--source", "tsukumijima", "130010"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 130010 東京: the API said \"The specified city ID"
                + "\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J\u{FFFD}31m\u{FFFD}\u{FFFD}evil\u{FFFD}\u{FFFD}  is invalid.\"\n")
            let json = try await forecast(["--source", "tsukumijima", "-f", "json", "130010"], environment: env)
            #expect(controls(in: json.stdout, allowing: ["\n"]).isEmpty)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array.first?["error"] as? String == "the API said \"\(message)\"")
        }
    }

    @Test("City arguments, options and queries echoed in an error are gated", arguments: [
        (["\u{1B}]0;PWNED\u{07}東京\u{9B}2J"], nil, 64),
        (["130010", "\u{202E}\u{1B}[2Jtokyo"], nil, 64),
        (["-"], "130010 \u{1B}]0;PWNED\u{07}\n", 64),
        (["130010", "--\u{1B}[2J"], nil, 64),
        (["--base-url", "ftp://\u{1B}]0;PWNED\u{07}"], nil, 64),
        (["cities", "\u{1B}]0;PWNED\u{07}"], nil, 64),
    ] as [([String], String?, Int32)])
    func arguments(arguments: [String], stdin: String?, status: Int32) async throws {
        try await withMock { mock, env in
            let result = try await forecast(arguments, environment: env, stdin: stdin)
            #expect(result.status == status)
            #expect(result.stdout == "")
            #expect(!result.stderr.isEmpty)
            #expect(controls(in: result.stderr, allowing: ["\n"]).isEmpty, "\(result.stderr.debugDescription)")
            #expect(result.stderr.contains("\u{FFFD}"), "the control is shown as a stand-in, not dropped")
            #expect(mock.stats().requestsServed == 0)
        }
    }
}
