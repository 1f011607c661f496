import Foundation
@testable import ForecastCLI
import Testing
import TestSupport

@Suite("Shell completion")
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

    /// What bash's completion function offers after `words`, from the generated script.
    private func tab(_ words: [String], script: String) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _forecast "${COMP_WORDS[0]}" "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try ChildProcess.run("/bin/bash", ["-c", program]).stdout
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
        #expect(try tab([binary, "--for"], script: script.path) == ["--format"])
        #expect(try tab([binary, "-f", "t"], script: script.path) == ["table", "tsv"])
        #expect(try tab([binary, "--color", "a"], script: script.path) == ["auto", "always"])
        #expect(try tab([binary, "ci"], script: script.path) == ["cities"])
        #expect(try tab([binary, "-p", "1300"], script: script.path) == ["130010", "130020", "130030", "130040"])
        #expect(try tab([binary, "yokoh"], script: script.path) == ["yokohama"])
        #expect(try tab([binary, "Tok"], script: script.path).contains("Tokyo"))
        #expect(try tab([binary, "とう"], script: script.path).contains("とうきょう"))
        #expect(try tab([binary, "--days", ""], script: script.path) == ["1", "2", "3"])
        #expect(try tab([binary, "--lang", ""], script: script.path) == ["ja", "en"])
        #expect(try tab([binary, "--no-p"], script: script.path) == ["--no-parallel"])
        let options = try tab([binary, "-"], script: script.path)
        #expect(options.contains("--parallel") && options.contains("--no-cache") && options.contains("--cacert"))
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

    @Test("zsh: the script has one rest argument, the cities, and no help-subcommand state that would take their place")
    func zshRestArgument() async throws {
        for arguments in [["--generate-completion-script", "zsh"], ["--generate-completion-script=zsh"]] {
            let generated = try await forecast(arguments)
            #expect(generated.status == 0)
            // The root's function, up to the (harmless) function of the implicit help subcommand.
            let lines = generated.stdout.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }
                .prefix { !$0.hasPrefix("_forecast_help()") }
            #expect(lines.filter { $0.hasPrefix("'*:") || $0.hasPrefix("'(-)*:") }.count == 1)
            #expect(lines.contains { $0.hasPrefix("'*:city:{__forecast_custom_complete ---completion") })
            #expect(!lines.contains("'(-): :->command'"))
            #expect(lines.contains { $0.hasPrefix("'--format[") || $0.hasPrefix("'(--format -f)'") })
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
        let output = try ChildProcess.run(
            "/usr/bin/fish", ["--no-config", "-c", "source '\(script.path)'; complete -C 'forecast --for'; complete -C 'forecast -f t'"]).stdout
        let words = output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(words == ["--format", "table", "tsv"])
    }

    /// True if a completion script offers or handles a `fetch` subcommand (the words of help
    /// texts may say "fetch"; a subcommand is offered as a word of its own).
    private func namesFetchSubcommand(_ script: String) -> Bool {
        ["'fetch:", "'fetch'", "fetch)", "forecast fetch", "_forecast_fetch", " fetch\n"].contains { script.contains($0) }
    }
}
