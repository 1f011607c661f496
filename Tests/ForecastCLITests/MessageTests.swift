@testable import ForecastCLI
import Testing

/// Issue "A new user's second hour", its words: every message in one voice.
@Suite("Messages: one voice")
struct MessageTests {
    // MARK: One voice (issue 28, 12)

    @Test("A usage error is its problems and one line of usage, every line beginning `forecast: `", arguments: [
        (["tokio"], ["forecast: no city is called \"tokio\"; did you mean Tokyo / 東京 (130010)?"], "forecast"),
        (["--colour", "never", "東京"], ["forecast: unknown option '--colour'; did you mean '--color'?"], "forecast"),
        (["week", "-f", "detail", "東京"],
         ["forecast: `forecast week` prints table, tsv, json, line or a template (got --format detail)"], "forecast week"),
        (["cities", "a", "b"], ["forecast: `forecast cities` takes one query (got 2: a b)"], "forecast cities"),
        (["東京都庁", "13001"], [
            "forecast: no city is called \"東京都庁\"; did you mean 東京 (130010), 京都 (260010), 大島 (130020)?",
            "forecast: \"13001\" is not a city ID (IDs have 6 digits, e.g. 130010); did you mean 東京 (130010), 大島 (130020), 八丈島 (130030)?",
        ], "forecast"),
    ])
    func usageErrorLines(arguments: [String], problems: [String], command: String) async throws {
        let result = try await forecast(arguments)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // Before: "Error: …", then "Usage: forecast [options] <city>...", two more usage lines
        // and "  See 'forecast --help' for more information.".
        #expect(Array(lines.dropLast()) == problems)
        let usage = try #require(Invocation.Command.allCases.first { $0.spelling == command }).usage
        #expect(lines.last == "forecast: usage: \(usage) (see \(command) --help)")
        #expect(lines.allSatisfy { $0.hasPrefix("forecast: ") }, "\(result.stderr)")
    }

    @Test("The usage line of each command is the line of --help that names it")
    func usageLines() {
        let help = HelpText.usage.split(separator: "\n").map { $0.drop { $0 == " " } }
        #expect(Set(Invocation.Command.allCases.map(\.usage)) == Set(help.map(String.init)))
        let error = UsageError("two\nproblems").during(.week)
        #expect(error.lines == [
            "forecast: two", "forecast: problems", "forecast: usage: forecast week [options] <city>... (see forecast week --help)",
        ])
        #expect(error.during(.cities).command == .week, "the first command named is kept")
    }
}
