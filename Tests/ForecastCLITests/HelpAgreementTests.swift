import Forecast
import Foundation
import MockAPI
@testable import ForecastCLI
import Testing
import TestSupport

/// `--help`, the man page and GUIDE.md say what the command does (issue 28, "Help, man page and
/// README agree"): the values `-f` takes, the column the options' help starts in, the
/// environment, what `%D` prints in the week, which formats show icons, and Japanese text in the
/// man page as the help has it.
@Suite("Help, the man page and GUIDE say what the command does")
struct HelpAgreementTests {
    /// The project's folder.
    static let root = fixturesDirectory.deletingLastPathComponent()

    /// GUIDE.md.
    static func guide() throws -> String {
        try String(contentsOf: root.appendingPathComponent("GUIDE.md"), encoding: .utf8)
    }

    /// The arguments that print a command's help.
    static func helpArguments(_ command: Command) -> [String] {
        (command == .fetch ? [] : [command.rawValue]) + ["--help"]
    }

    /// The help of an option in a help text: the rest of the line that names it, and the lines
    /// that continue it.
    static func optionHelp(_ spelling: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.drop(while: { $0 == " " }).hasPrefix(spelling) }) else { return nil }
        let continued = lines[(first + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 22)) }
        return ([lines[first].drop(while: { $0 == " " }).dropFirst(spelling.count)] + continued)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The format names a text names, as words.
    static func formatNames(in text: String) -> Set<String> {
        let words = Set(text.split { !$0.isLetter }.map(String.init))
        return Set(OutputFormat.names.filter(words.contains))
    }

    @Test("-f's help names the formats the command takes, in --help and the man page (before: none said auto; the catalog's said tsv and json)",
          arguments: Command.allCases)
    func formatValues(command: Command) async throws {
        let help = try await forecast(Self.helpArguments(command)).stdout
        let text = try #require(Self.optionHelp("-f, --format F", in: help), "\(help)")
        #expect(Self.formatNames(in: text) == Set(OutputFormat.names(for: command)), "\(text)")
        let abstract = try #require(try await Self.dumpedHelp(of: "format", in: command))
        #expect(Self.formatNames(in: abstract) == Set(OutputFormat.names(for: command)), "\(abstract)")
    }

    /// The help of an option in a command as `forecast ---dump-help` gives it to the man page.
    static func dumpedHelp(of long: String, in command: Command) async throws -> String? {
        let dump = try await forecast(["---dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try #require((try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])?["command"] as? [String: Any])
        let commands = [root] + (root["subcommands"] as? [[String: Any]] ?? [])
        let name = command == .fetch ? "forecast" : command.rawValue
        let arguments = commands.first { $0["commandName"] as? String == name }?["arguments"] as? [[String: Any]] ?? []
        let option = arguments.first { ($0["names"] as? [[String: String]])?.contains { $0["kind"] == "long" && $0["name"] == long } == true }
        return option?["abstract"] as? String
    }

    @Test("Every option's help starts in column 22 of --help, or on the line below a long name (before: --source SOURCE's started in 23)",
          arguments: Command.allCases)
    func optionColumn(command: Command) async throws {
        let help = try await forecast(Self.helpArguments(command)).stdout
        let option = /^  (-[a-z], |    )--[a-z-]+( [^ ]+)?/
        var checked = 0
        for line in help.split(separator: "\n") {
            guard let name = try option.prefixMatch(in: line) else { continue }
            checked += 1
            let rest = line[name.range.upperBound...]
            guard !rest.isEmpty else { continue }
            let start = rest.firstIndex { $0 != " " } ?? rest.endIndex
            #expect(DisplayWidth.of(String(line[..<start])) == 22 && rest.hasPrefix("  "), "\(line)")
        }
        // The catalog and the sun, which fetch nothing, have a few options; the others twenty.
        #expect(checked >= (command == .cities || command == .sun ? 5 : 20))
    }

    @Test("The man page's prose is each section's text whole, which its formatter fills: no line break it would turn into a space inside 週間天気予報")
    func wholeProse() {
        let discussion = HelpText.discussion
        for section in HelpText.sections {
            guard case .prose(let text) = section.body else { continue }
            #expect(discussion.contains("\(section.heading):\n  \(text)\n") || discussion.hasSuffix("\(section.heading):\n  \(text)"), "\(section.heading)")
        }
        #expect(discussion.contains("(週間天気予報)"))
    }

    /// `python3` and `groff`, which `make man` and `make check-man` use, where they are installed.
    static let manTools = ["/usr/bin/groff"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
        && (try? ChildProcess.run("/usr/bin/env", ["python3", "--version"]).exit.status) == 0

    @Test("The man page, rendered: (週間天気予報) without a space, and every variable of --help's ENVIRONMENT under ENVIRONMENT",
          .enabled(if: manTools, "python3 or groff is not installed"))
    func renderedManPage() async throws {
        try await withTemporaryFolder(prefix: "forecast-man") { folder in
            let page = folder.path("forecast.1")
            let script = Self.root.appendingPathComponent("Scripts/make-manpage.py").path
            let written = try await ChildProcess.run("/bin/sh", ["-c", "python3 '\(script)' '\(forecastBinary.path)' > '\(page)'"])
            #expect(written.exit.status == 0)
            let rendered = try await ChildProcess.run("/bin/sh", ["-c", "groff -man -Tutf8 -P-cbou '\(page)' 2>/dev/null"]).stdout
            #expect(rendered.contains("(週間天気予報)"))
            #expect(!rendered.contains("週 間"))
            // The section's lines: from its heading to the next one, which starts in column 0.
            let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
            let environment = lines.drop { $0 != "ENVIRONMENT" }.dropFirst().prefix { $0.isEmpty || $0.hasPrefix(" ") }
            let help = try await forecast(["--help"]).stdout
            let variables = help.split(separator: "\n").drop { $0 != "ENVIRONMENT:" }.dropFirst().prefix { !$0.isEmpty }
                .compactMap { try? /^  ([A-Z][A-Z_]+)\s/.prefixMatch(in: $0)?.output.1 }
            #expect(variables.contains("FORECAST_JMA_URL") && variables.contains("FORECAST_BASE_URL"), "\(variables)")
            for variable in variables {
                #expect(environment.contains("       \(variable)"), "\(variable) is not under the man page's ENVIRONMENT")
            }
            // Every option of every command, under OPTIONS (before: --date, the sun's alone, was not).
            let options = lines.drop { $0 != "OPTIONS" }.dropFirst().prefix { $0.isEmpty || $0.hasPrefix(" ") }.joined(separator: "\n")
            for spec in OptionTable.all {
                #expect(options.contains("--\(spec.long)"), "--\(spec.long) is not under the man page's OPTIONS")
            }
            #expect(options.contains("(forecast sun)"), "the sun's own options say whose they are")
        }
    }

    @Test("%D prints the day's label in the 3-day forecast and the day of the week in the week, as GUIDE's placeholder table and --help say (before: both said only 今日, 明日, 明後日)")
    func dayLabel() async throws {
        try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
            let threeDays = try await forecast(["-f", "%D", "-d", "3", "130010"], environment: env)
            #expect(threeDays.stdout == "今日\n明日\n明後日\n")
            let week = try await forecast(["week", "-f", "%D=%w", "130010"], environment: env)
            let days = week.stdout.split(separator: "\n").map { $0.split(separator: "=") }
            #expect(days.count == 7 && days.allSatisfy { $0.count == 2 && $0[0] == $0[1] }, "\(week.stdout)")
        }
        let row = try #require(try Self.guide().split(separator: "\n").first { $0.hasPrefix("| `%D` |") })
        #expect(row.contains("`今日`") && row.contains("`forecast week`") && row.contains("day of the week"), "\(row)")
        let templates = HelpText.discussion.split(separator: "\n\n").first { $0.hasPrefix("TEMPLATES:") } ?? ""
        let dayLabel = templates.firstRange(of: "%D").map { templates[$0.upperBound...].prefix { $0 != "%" } } ?? ""
        #expect(dayLabel.contains("week") && dayLabel.contains("day of the week"), "\(dayLabel)")
    }

    @Test("GUIDE's Icons section names the formats that print icons and those that do not, as they print (before: it said the line shows none, but the week's line does)")
    func icons() async throws {
        let guide = try Self.guide()
        let start = try #require(guide.firstRange(of: "Icons appear in "))
        let paragraph = guide[start.lowerBound...].prefix { $0 != "#" }.split(separator: "\n\n").first ?? ""
        let sentences = paragraph.replacing("\n", with: " ").split(separator: ". ", maxSplits: 1)
        try #require(sentences.count == 2, "\(paragraph)")
        let (shown, notShown) = (sentences[0], sentences[1])
        let cases: [(words: String, arguments: [String], icons: Bool)] = [
            ("templates (`%c`)", ["-f", "%c", "130010"], true),
            ("detail format", ["-f", "detail", "130010"], true),
            ("week's line", ["week", "-f", "line", "130010"], true),
            ("tables", ["-f", "table", "130010"], false),
            ("tables", ["week", "-f", "table", "130010"], false),
            ("3-day line", ["-f", "line", "130010"], false),
        ]
        try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
            for (words, arguments, icons) in cases {
                let output = try await forecast(arguments, environment: env).stdout
                #expect(WeatherIcon.allCases.contains { output.contains($0.rawValue) } == icons, "\(arguments): \(output)")
                #expect((icons ? shown : notShown).contains(words), "GUIDE's Icons paragraph should name \(words) where \(icons ? "icons appear" : "they do not"): \(paragraph)")
            }
        }
    }
}
