import Forecast
@testable import ForecastCLI
import Foundation
import Testing
import TestSupport

@Suite("Templates, --lang, width and colour on the command line")
struct OutputOptionTests {
    private func settings(_ arguments: [String], _ variables: [String: String] = [:], terminal: Bool = false,
                          width: Int? = nil) throws -> Settings {
        try ForecastCLITests.settings(arguments, variables, streams: .init(stdoutIsTerminal: terminal, width: width))
    }

    @Test("A --format value with % is a template; one day per city unless --days says more")
    func template() throws {
        let parsed = try settings(["-f", "%l %C"])
        #expect(parsed.format == .template(try FormatTemplate("%l %C")))
        #expect(parsed.days == 1 && !parsed.color)
        #expect(try settings(["-f", "%l", "-d", "3"]).days == 3)
        #expect(try settings(["-f", "detail"]).format == .detail)
        #expect(try settings(["-f", "detail"]).days == 3)
    }

    @Test("An unknown placeholder or format name is a usage error (64) that says what is wrong",
          arguments: [
              (["-f", "%l %x", "130010"], "unknown placeholder \"%x\""),
              (["-f", "%l 100%", "130010"], "write %% for a percent sign"),
              (["-f", "tabel", "130010"], "--format must be auto, table, tsv, json, line, detail"),
              (["--lang", "fr", "130010"], "--lang must be ja or en (got fr)"),
          ] as [([String], String)])
    func badValues(arguments: [String], expected: String) {
        let message = usageError(arguments)
        #expect(message?.contains(expected) == true, "\(message ?? "parsed")")
    }

    @Test("--lang: Japanese by default whatever LANG says; en when asked, also from the config file")
    func language() throws {
        #expect(try settings([], ["LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"]).language == .ja)
        #expect(try settings(["--lang", "en"]).language == .en)
        #expect(try options([], file: "--lang=en\n").lang == .en)
        #expect(try options(["--lang", "ja"], file: "--lang=en\n").lang == .ja, "the command line wins")
    }

    @Test("The width: COLUMNS if it is a positive number, else the terminal's, else 80")
    func width() throws {
        #expect(try settings([]).width == 80)
        #expect(try settings([], width: 132).width == 132)
        #expect(try settings([], ["COLUMNS": "60"], width: 132).width == 60)
        #expect(try settings([], ["COLUMNS": "wide"], width: 100).width == 100)
        #expect(try settings([], ["COLUMNS": "0"]).width == 80)
    }

    @Test("Colour: CLICOLOR_FORCE into a pipe, NO_COLOR over it, --color over both")
    func colour() throws {
        func colored(_ arguments: [String], _ variables: [String: String], terminal: Bool = false) throws -> Bool {
            try settings(["-f", "table"] + arguments, variables, terminal: terminal).color
        }
        #expect(try colored([], ["CLICOLOR_FORCE": "1"]))
        #expect(try colored([], ["CLICOLOR_FORCE": "yes", "TERM": "dumb"]))
        #expect(try !colored([], ["CLICOLOR_FORCE": "0"]))
        #expect(try !colored([], ["CLICOLOR_FORCE": ""]))
        #expect(try !colored([], ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]))
        #expect(try colored(["--color", "always"], ["CLICOLOR_FORCE": "0", "NO_COLOR": "1"]))
        #expect(try !colored(["--color", "never"], ["CLICOLOR_FORCE": "1"], terminal: true))
        #expect(try !settings(["-f", "%l"], ["CLICOLOR_FORCE": "1"]).color, "a template never has colour")
    }

    @Test("End to end: the issue's template on the real Tokyo sample, and an unknown placeholder asks nothing of the server")
    func endToEnd() async throws {
        try await withMock { mock, env in
            let result = try await forecast(["-f", "%i|%l|%C|%H|%%", "130010"], environment: env)
            #expect(result.status == 0 && result.stderr == "")
            #expect(result.stdout == "130010|東京|晴のち曇|27|%\n")
            let english = try await forecast(["--lang", "en", "-f", "%l: %C %c", "130010"], environment: env)
            #expect(english.stdout == "Tokyo: Clear, cloudy later 🌤️\n")
            let before = mock.stats().requestsServed
            let bad = try await forecast(["-f", "%l %Q", "130010"], environment: env)
            #expect(bad.status == 64 && bad.stdout == "")
            #expect(bad.stderr.contains("unknown placeholder \"%Q\""))
            #expect(mock.stats().requestsServed == before)
        }
    }

    @Test("End to end: COLUMNS=60 gives the 60-column golden table, piped and without colour")
    func narrowTable() async throws {
        try await withMock { _, env in
            var environment = env
            environment["COLUMNS"] = "60"
            let ids = ["130010", "140010", "090010", "330010", "400040", "120010"]
            let result = try await forecast(["-f", "table"] + ids, environment: environment)
            let golden = try String(contentsOf: fixturesDirectory.appendingPathComponent("golden/six-cities.60-columns.table.txt"), encoding: .utf8)
            #expect(withoutOldDataMarks(result.stdout) == golden)
            #expect(result.stdout.components(separatedBy: " d old: nothing newer)").count == 1 + ids.count, "the mock's samples are old")
        }
    }
}
