import Foundation
@testable import ForecastCLI
import Testing
import TestSupport

@Suite(
    "Shell completion",
    // The scripts are text, the same in every build: what a sanitizer would look for is not
    // here. Under one, the shells' hundreds of instrumented `forecast` processes saturate the
    // machine for minutes and starve the suite's timing tests.
    .enabled(if: !Sanitizer.isActive, "shell completion is text; its shells would starve the sanitized suite"))
struct CompletionTests {
    @Test("City candidates: the subcommand first, then IDs, names and romaji by prefix")
    func candidates() {
        #expect(CityCompletion.candidates(["forecast", "ci"], 1, "ci") == ["cities"])
        #expect(!CityCompletion.candidates(["forecast", "東京", "ci"], 2, "ci").contains("cities"))
        #expect(CityCompletion.candidates(["forecast", "1300"], 1, "1300") == ["130010", "130020", "130030", "130040"])
        #expect(CityCompletion.candidates(["forecast", "toky"], 1, "toky") == ["tokyo"])
        #expect(CityCompletion.candidates(["forecast", "東"], 1, "東") == ["東京", "東京都"])
        #expect(CityCompletion.candidates(["forecast", "oki"], 1, "oki").isEmpty == false)
    }

    @Test("Candidates keep what was typed as their prefix: any case, and kana (before: Tok and とう completed nothing)")
    func typedPrefix() {
        #expect(CityCompletion.candidates(["forecast", "Tok"], 1, "Tok").contains("Tokyo"))
        #expect(CityCompletion.candidates(["forecast", "TOKY"], 1, "TOKY") == ["TOKYo"], "the typed part stays as typed")
        #expect(CityCompletion.candidates(["forecast", "とう"], 1, "とう").contains("とうきょう"))
        #expect(CityCompletion.candidates(["forecast", "トウキ"], 1, "トウキ").contains("トウキョウ"))
        #expect(CityCompletion.candidates(["forecast", "おきなわ"], 1, "おきなわ").contains("おきなわけん"))
        let typed = ["Tok", "とう", "Osa", "ナハ"]
        for prefix in typed {
            let found = CityCompletion.candidates(["forecast", prefix], 1, prefix)
            #expect(!found.isEmpty && found.allSatisfy { $0.hasPrefix(prefix) }, "\(prefix): \(found)")
        }
    }

    /// The command's completion script for `shell`, in a temporary file for a shell to source;
    /// the caller removes it.
    private func scriptFile(_ shell: String) async throws -> String {
        let generated = try await forecast(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-completion-\(UUID().uuidString).\(shell)")
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        return script.path
    }

    /// The long options the table gives a command, as a shell offers them after `--`.
    private func longOptions(of command: Invocation.Command) -> [String] {
        OptionTable.all.filter { $0.commands.contains(command.scope) }.map { "--\($0.long)" }
    }

    /// What bash's completion function offers after `words`, from the generated script.
    private func tab(_ words: [String], script: String) async throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _forecast "${COMP_WORDS[0]}" "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try await ChildProcess.run("/bin/bash", ["-c", program]).stdout
        return output.split(separator: "\n").map(String.init)
    }

    @Test("bash: options, their values and cities complete at the top level; `fetch` never appears")
    func bash() async throws {
        let generated = try await forecast(["--generate-completion-script", "bash"])
        #expect(generated.status == 0)
        #expect(!namesFetchSubcommand(generated.stdout))
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-completion-\(getpid()).bash")
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let binary = forecastBinary.path
        #expect(try await tab([binary, "--for"], script: script.path) == ["--format"])
        #expect(try await tab([binary, "-f", "t"], script: script.path) == ["table", "tsv"])
        #expect(try await tab([binary, "--color", "a"], script: script.path) == ["auto", "always"])
        #expect(try await tab([binary, "ci"], script: script.path) == ["cities"])
        #expect(try await tab([binary, "-p", "1300"], script: script.path) == ["130010", "130020", "130030", "130040"])
        #expect(try await tab([binary, "yokoh"], script: script.path) == ["yokohama"])
        #expect(try await tab([binary, "Tok"], script: script.path).contains("Tokyo"))
        #expect(try await tab([binary, "とう"], script: script.path).contains("とうきょう"))
        #expect(try await tab([binary, "--days", ""], script: script.path) == ["1", "2", "3"])
        #expect(try await tab([binary, "--lang", ""], script: script.path) == ["ja", "en"])
        #expect(try await tab([binary, "--no-p"], script: script.path) == ["--no-parallel"])
        let options = try await tab([binary, "-"], script: script.path)
        #expect(options.contains("--parallel") && options.contains("--no-cache") && options.contains("--cacert"))
    }

    /// Expects bash's completion to offer `expected` after `words`, set-wise if `inAnyOrder`.
    private func expectTab(
        _ words: [String], offers expected: [String], inAnyOrder: Bool = false, script: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let offered = try await tab([forecastBinary.path] + words, script: script)
        let line = "forecast \(words.joined(separator: " "))<Tab>"
        if inAnyOrder {
            #expect(Set(offered) == Set(expected), "\(line)", sourceLocation: sourceLocation)
        } else {
            #expect(offered == expected, "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("bash: after `week` and `cities`, the options and values of that command, as the table gives them (issue 28: `forecast week -f` offered detail and waybar, `forecast week --` and `forecast cities --` the fetch's options, --generate-completion-script 884 cities)")
    func bashPerCommand() async throws {
        let script = try await scriptFile("bash")
        defer { try? FileManager.default.removeItem(atPath: script) }
        for line in [["week", "-f"], ["-p", "week", "-f"], ["-j", "4", "week", "--format"], ["-pj", "4", "week", "-f"], ["--lang", "en", "week", "-f"]] {
            try await expectTab(line + [""], offers: OutputFormat.names(for: .week), script: script)
        }
        try await expectTab(["cities", "-f", ""], offers: OutputFormat.names(for: .cities), script: script)
        try await expectTab(["-f", ""], offers: OutputFormat.names(for: .fetch), script: script)
        try await expectTab(["week", "--"], offers: longOptions(of: .week), inAnyOrder: true, script: script)
        try await expectTab(["cities", "--"], offers: longOptions(of: .cities), inAnyOrder: true, script: script)
        try await expectTab(["--"], offers: longOptions(of: .fetch), inAnyOrder: true, script: script)
        try await expectTab(["now", "-f", ""], offers: OutputFormat.names(for: .now), script: script)
        try await expectTab(["now", "--"], offers: longOptions(of: .now), inAnyOrder: true, script: script)
        for line in [[String](), ["week"], ["now"], ["cities"]] {
            try await expectTab(line + ["--generate-completion-script", ""], offers: ["bash", "zsh", "fish"], script: script)
        }
        // The week takes cities as the fetch does; a word after a city is a city, `week` too.
        try await expectTab(["week", "-p", "yokoh"], offers: ["yokohama"], script: script)
        try await expectTab(["東京", "week", "-f", ""], offers: OutputFormat.names(for: .fetch), script: script)
        try await expectTab(["week", "--so"], offers: [], script: script)
    }

    @Test("zsh and fish scripts carry the top-level options and ask the command for cities")
    func zshAndFish() async throws {
        for shell in ["zsh", "fish"] {
            let generated = try await forecast(["--generate-completion-script", shell])
            #expect(generated.status == 0)
            let spelled = shell == "fish" ? ["-l 'format'", "-l 'parallel'", "-l 'days'"] : ["--format", "--parallel", "--days"]
            #expect(spelled.allSatisfy(generated.stdout.contains), "\(shell)")
            #expect(generated.stdout.contains("---completion"), "\(shell)")
            #expect(!namesFetchSubcommand(generated.stdout), "\(shell)")
        }
    }

    /// The lines of a shell function of `script`, without their indentation.
    private func function(_ name: String, in script: String) -> [Substring] {
        let lines = script.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }
        return Array(lines.drop { $0 != "\(name)() {" }.prefix { $0 != "}" })
    }

    @Test("zsh: the script has one rest argument, the cities, and no help-subcommand state that would take their place")
    func zshRestArgument() async throws {
        for arguments in [["--generate-completion-script", "zsh"], ["--generate-completion-script=zsh"]] {
            let generated = try await forecast(arguments)
            #expect(generated.status == 0)
            let lines = function("_forecast", in: generated.stdout)
            #expect(lines.filter { $0.hasPrefix("'*:") || $0.hasPrefix("'(-)*:") }.count == 1)
            #expect(lines.contains { $0.hasPrefix("'*:city:{__forecast_custom_complete ---completion") })
            #expect(!lines.contains("'(-): :->command'"))
            #expect(lines.contains { $0.hasPrefix("'--format[") || $0.hasPrefix("'(--format -f)'") })
        }
    }

    @Test("zsh: the words from `week`, `now`, `warnings`, `sun` or `cities` on go to that command's function, whose values are the table's")
    func zshPerCommandScript() async throws {
        let generated = try await forecast(["--generate-completion-script", "zsh"])
        let script = generated.stdout
        #expect(function("_forecast", in: script).contains("(cities|week|now|warnings|sun)"))
        for command in Invocation.Command.allCases {
            let name = command == .fetch ? "_forecast" : "_forecast_\(command.rawValue)"
            let formats = "local -ar ___format=(\(OutputFormat.names(for: command).map { "'\($0)'" }.joined(separator: " ")))"
            #expect(function(name, in: script).contains { $0 == formats }, "\(name)")
        }
    }

    /// What zsh's `_forecast` hands to `_arguments` for the line `words` (the last word being
    /// completed): the function that calls it, the words and the current one it sees, and the
    /// formats it completes. `_arguments` itself is a stand-in: this is the script's own
    /// dispatch, run by zsh.
    private func zshDispatch(_ words: [String], script: String) async throws -> String {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            compdef() { :; }
            _arguments() { print -r -- "${funcstack[2]}|${CURRENT}|${words[*]}|${___format[*]}"; }
            source '\(script)'
            words=(\(quoted)); CURRENT=${#words}
            _forecast
            """
        return try await ChildProcess.run("/usr/bin/zsh", ["-f", "-c", program]).stdout.trimmingCharacters(in: .newlines)
    }

    /// zsh is not part of the build's requirements: this test runs where it is installed
    /// (`apt-get install zsh`) and is skipped, saying so, where it is not.
    @Test("zsh: `forecast [options] week …` completes as the week, anything else as the fetch (run by zsh)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
    func zshPerCommand() async throws {
        let script = try await scriptFile("zsh")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let (week, cities, fetch) = (OptionTable.format.completions(.week), OptionTable.format.completions(.cities), OptionTable.format.completions(.fetch))
        let expected: [([String], String)] = [
            (["forecast", "-p", "week", "-f", ""], "_forecast_week|3|week -f |\(week.joined(separator: " "))"),
            (["forecast", "-pj", "4", "week", "--format", ""], "_forecast_week|3|week --format |\(week.joined(separator: " "))"),
            (["forecast", "cities", "-f", ""], "_forecast_cities|3|cities -f |\(cities.joined(separator: " "))"),
            (["forecast", "-f", ""], "_forecast|3|forecast -f |\(fetch.joined(separator: " "))"),
            (["forecast", "東京", "week", "-f", ""], "_forecast|5|forecast 東京 week -f |\(fetch.joined(separator: " "))"),
        ]
        for (words, dispatch) in expected {
            let seen = try await zshDispatch(words, script: script)
            #expect(seen == dispatch)
        }
    }

    @Test("fish: the root looks for `week` and `cities` in its first operand, and each command completes its own values")
    func fishPerCommandScript() async throws {
        let script = try await forecast(["--generate-completion-script", "fish"]).stdout
        let lines = script.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }
        let root = try #require(lines.firstIndex { $0.hasPrefix("case 'forecast'") })
        #expect(lines[root + 1].hasPrefix("__forecast_parse_subcommand 0 "))
        for command in Invocation.Command.allCases {
            let context = command == .fetch ? "\"forecast\"" : "\"forecast \(command.rawValue)\""
            let format = lines.filter { $0.contains("flags_or_options \(context)") && $0.contains("-l 'format'") }
            #expect(format.count == 1 && format[0].hasSuffix("-rfka '\(OutputFormat.names(for: command).joined(separator: " "))'"), "\(format)")
            let options = lines.filter { $0.contains("flags_or_options \(context)") }.compactMap { line in
                line.firstRange(of: "-l '").map { "--" + line[$0.upperBound...].prefix { $0 != "'" } }
            }
            #expect(Set(options) == Set(longOptions(of: command)), "\(command)")
        }
    }

    /// fish is not part of the build's requirements: this test runs where it is installed
    /// (`apt-get install fish`) and is skipped, saying so, where it is not.
    @Test("fish: options and their values complete at the top level (complete -C)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fish() async throws {
        let generated = try await forecast(["--generate-completion-script", "fish"])
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-completion-\(getpid()).fish")
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        // fish 3's `commandline` has no buffer outside an interactive shell, so the city names,
        // which the script asks `forecast` for with the cursor position, are not checked here.
        let output = try await ChildProcess.run(
            "/usr/bin/fish", ["--no-config", "-c", "source '\(script.path)'; complete -C 'forecast --for'; complete -C 'forecast -f t'"]).stdout
        let words = output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(words == ["--format", "table", "tsv"])
    }

    @Test("fish: after `week` and `cities`, that command's options and values (complete -C)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fishPerCommand() async throws {
        let script = try await scriptFile("fish")
        defer { try? FileManager.default.removeItem(atPath: script) }
        func complete(_ line: String) async throws -> [String] {
            let output = try await ChildProcess.run("/usr/bin/fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"]).stdout
            return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        let expected: [(String, [String])] = [
            ("forecast week -f ", OutputFormat.names(for: .week)),
            ("forecast -p week --format ", OutputFormat.names(for: .week)),
            ("forecast cities -f ", OutputFormat.names(for: .cities)),
            ("forecast -f ", OutputFormat.names(for: .fetch)),
            ("forecast --generate-completion-script ", ["bash", "zsh", "fish"]),
        ]
        for (line, values) in expected {
            let offered = try await complete(line)
            #expect(offered == values, "\(line)<Tab>")
        }
        for (line, command) in [("forecast week --", Invocation.Command.week), ("forecast cities --", .cities)] {
            let offered = try await complete(line)
            #expect(Set(offered) == Set(longOptions(of: command)), "\(line)<Tab>")
        }
    }

    /// True if a completion script offers or handles a `fetch` subcommand (the words of help
    /// texts may say "fetch"; a subcommand is offered as a word of its own).
    private func namesFetchSubcommand(_ script: String) -> Bool {
        ["'fetch:", "'fetch'", "fetch)", "forecast fetch", "_forecast_fetch", " fetch\n"].contains { script.contains($0) }
    }
}
