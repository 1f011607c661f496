import Forecast
@testable import ForecastCLI
import Testing

/// Issue "A new user's second hour", its words: every message in one voice, and a suggestion
/// wherever a name can be mistyped.
@Suite("Messages: one voice, and did-you-mean")
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
        let usage = try #require(Command.allCases.first { $0.spelling == command }).usage
        #expect(lines.last == "forecast: usage: \(usage) (see \(command) --help)")
        #expect(lines.allSatisfy { $0.hasPrefix("forecast: ") }, "\(result.stderr)")
    }

    @Test("The usage line of each command is the line of --help that names it (`forecast week|now|warnings …` names three)")
    func usageLines() {
        let help = HelpText.usage.split(separator: "\n").map { $0.drop { $0 == " " } }
        // A line of alternatives stands for one line each: "forecast week|now|warnings [options] <city>...".
        let expanded = help.flatMap { line -> [String] in
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3, words[1].contains("|") else { return [String(line)] }
            return words[1].split(separator: "|").map { "\(words[0]) \($0) \(words[2])" }
        }
        #expect(Set(Command.allCases.map(\.usage)) == Set(expanded))
        #expect(expanded.count == Command.allCases.count)
        let error = UsageError("two\nproblems").during(.week)
        #expect(error.lines == [
            "forecast: two", "forecast: problems", "forecast: usage: forecast week [options] <city>... (see forecast week --help)",
        ])
        #expect(error.during(.cities).command == "week", "the first command named is kept")
    }

    // MARK: Did you mean (issue 28, 14)

    @Test("-f tabel: did you mean table? (on the command line and in the config file)")
    func formatSuggestion() {
        // Before: "--format must be auto, table, …, waybar or a template with % placeholders
        // (got tabel; forecast --help lists the placeholders)".
        #expect(usageError(["-f", "tabel", "東京"])
            == "--format must be auto, table, tsv, json, line, detail, waybar or a template with % placeholders (got tabel); did you mean table?")
        #expect(usageError(["--format=jsno", "東京"])?.hasSuffix("(got jsno); did you mean json?") == true)
        #expect(usageError(["-f", "waybr", "東京"])?.hasSuffix("did you mean waybar?") == true)
        #expect(usageError([], file: "-f tabel\n東京\n")?.hasSuffix("line 1: --format must be auto, table, tsv, json, line, detail, waybar or a template with % placeholders (got tabel); did you mean table?") == true)
        #expect(usageError(["-f", "xml", "東京"])?.hasSuffix("(got xml; forecast --help lists the placeholders)") == true, "nothing close: no guess")
    }

    @Test("`forecast cities tokio`: no city matches, did you mean Tokyo / 東京 (130010)? as the fetch words it")
    func citiesSuggestion() async throws {
        let tokio = try await forecast(["cities", "tokio"])
        // Before: `forecast: no city matches "tokio"`, and nothing more.
        #expect(tokio.status == 64)
        #expect(tokio.stderr == "forecast: no city matches \"tokio\"; did you mean Tokyo / 東京 (130010)?\n")
        #expect(Command.suggestion(for: "sapporo") == nil, "a query that matches has no suggestion")
        #expect(Command.suggestion(for: "oosakka") == "did you mean Osaka / 大阪 (270000)?")
        #expect(throws: UsageError("no city is called \"tokio\"; " + (Command.suggestion(for: "tokio") ?? "none")),
                "the two say it alike") { try resolved(["tokio"]) }
    }

    @Test("A bad city read from `-` says it came from standard input, and its line")
    func standardInputOrigin() throws {
        do {
            _ = try resolved(["東京", "-"], input: "# mine\n横浜\n\n大阪 tokio\n")
            Issue.record("resolved")
        } catch {
            // Before: `no city is called "tokio"; …`, as if it had been typed on the command line.
            #expect(error.message == "standard input, line 4: no city is called \"tokio\"; did you mean Tokyo / 東京 (130010)?")
        }
        #expect(CityList.entries(in: "a\n\n# c\nb\tB\tx\r\nc d # e\n").map { "\($0.line) \($0.text)" } == ["1 a", "4 b", "5 c", "5 d"])
    }

    @Test("`forecast -- -d` suggests no city for a word that looks like an option")
    func optionLikeWord() throws {
        // Before: `no city is called "-d"; did you mean 稚内 (011000), …?`, cities spelled
        // nothing like it.
        let message = "\"-d\" looks like an option, not a city; options go on the command line, before any \"--\""
        #expect(usageError(["--", "-d"]) == nil, "read as a city argument")
        do {
            _ = try resolved(["--", "-d"])
            Issue.record("resolved")
        } catch {
            #expect(error.message == message)
        }
        do {
            _ = try resolved(["-"], input: "--days\n")
            Issue.record("resolved")
        } catch {
            #expect(error.message.hasPrefix("standard input, line 1: \"--days\" looks like an option"))
            #expect(!error.message.contains("did you mean"))
        }
        #expect(try resolved(["--", "-tokyo"]).map(\.id) == ["130010"], "a city it names is still that city")
    }
}
