import Forecast
import Foundation
@testable import ForecastCLI
import Testing
import TestSupport

@Suite(
    "Shell completion",
    // The scripts are text, the same in every build: what a sanitizer would look for is not
    // here. Under one, the shells' instrumented `forecast` processes load the machine for
    // minutes and starve the sanitized suite.
    .enabled(if: !Sanitizer.isActive, "shell completion is text; its shells would starve the sanitized suite"))
struct CompletionTests {
    /// The words `forecast ---complete` offers after `words`.
    private func offered(_ words: [String]) -> [String] {
        guard case .words(let candidates) = Completion.answer(words) else { return ["<files>"] }
        return candidates.map(\.word)
    }

    /// The long options the table gives a command, as offered after `--`.
    private func longOptions(of command: Command) -> [String] {
        command.options.map { "--\($0.long)" }
    }

    @Test("The first operand offers every command, then the cities; later operands the cities only (before: now, warnings and sun were never offered)")
    func commands() {
        for command in Command.allCases where command != .fetch {
            #expect(offered([String(command.rawValue.prefix(2))]).first == command.rawValue, "\(command)")
        }
        #expect(offered(["n"]).prefix(1) == ["now"] && offered(["n"]).contains("naha"))
        #expect(!offered(["東京", "n"]).contains("now"), "a word after a city is a city")
        #expect(offered(["1300"]) == ["130010", "130020", "130030", "130040"])
        #expect(offered(["cities", "tok"]).isEmpty, "the catalog's query is free text")
    }

    @Test("Cities keep what was typed as their start, in any case and in kana")
    func typedPrefix() {
        #expect(offered(["toky"]) == ["tokyo"])
        #expect(offered(["東"]) == ["東京", "東京都"])
        #expect(offered(["Tok"]).contains("Tokyo"))
        #expect(offered(["TOKY"]) == ["TOKYo"], "the typed part stays as typed")
        #expect(offered(["とう"]).contains("とうきょう"))
        #expect(offered(["トウキ"]).contains("トウキョウ"))
        #expect(offered(["おきなわ"]).contains("おきなわけん"))
    }

    @Test("After a command, its own options and values, as the run reads the words (before: `--format=` and `--lang=` completed nothing)")
    func perCommand() {
        for command in Command.allCases {
            let before = command == .fetch ? [] : [command.rawValue]
            #expect(Set(offered(before + ["--"])) == Set(longOptions(of: command)), "\(command)")
            #expect(offered(before + ["-f", ""]) == OutputFormat.names(for: command), "\(command)")
            #expect(offered(before + ["--format=t"]) == OutputFormat.names(for: command).filter { $0.hasPrefix("t") }.map { "--format=" + $0 })
            #expect(offered(before + ["--generate-completion-script", ""]) == ["bash", "zsh", "fish"])
        }
        #expect(offered(["sun", "--d"]) == ["--days", "--date"])
        #expect(offered(["--lang=e"]) == ["--lang=en"])
        #expect(offered(["--days", ""]) == ["1", "2", "3"])
        #expect(offered(["--color", "a"]) == ["auto", "always"])
        for words in [["-p", "week", "-f", ""], ["-j", "4", "week", "-f", ""], ["-pj", "4", "week", "--format", ""], ["-j4", "week", "-f", ""]] {
            #expect(offered(words) == OutputFormat.names(for: .week), "\(words)")
        }
        #expect(offered(["東京", "week", "-f", ""]) == OutputFormat.names(for: .fetch), "week after a city is a city")
        #expect(offered(["--timeout", ""]).isEmpty, "a number: nothing to offer")
        #expect(Completion.answer(["--cacert", ""]) == .files)
        #expect(offered(["--", "-"]).isEmpty, "after --, a word is a city")
    }

    @Test("An option is offered with its help, which zsh and fish show beside it")
    func help() {
        guard case .words(let candidates) = Completion.answer(["--form"]) else { Issue.record("no words"); return }
        #expect(candidates == [Completion.Candidate(word: "--format", help: Command.fetch.option(long: "format")!.help)])
        #expect(Completion.text(.words(candidates)) == "--format\t\(candidates[0].help)\n")
        #expect(Completion.text(.files) == "\tfiles\n")
    }

    @Test("What each command's -f offers is what it accepts")
    func formatsAccepted() async throws {
        for command in Command.allCases {
            let offered = offered((command == .fetch ? [] : [command.rawValue]) + ["-f", ""])
            for format in OutputFormat.names {
                let line = (command == .fetch ? [] : [command.rawValue]) + ["-f", format, "130010"]
                let accepted = command == .cities ? try await forecast(line).status != 64 : usageError(line) == nil
                #expect(offered.contains(format) == accepted, "\(line)")
            }
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

    /// What bash's completion function offers for the line, split into words as bash splits
    /// them (at spaces and at `=`), the last being the one typed.
    private func bash(_ words: [String], script: String) async throws -> [String] {
        let quoted = ([forecastBinary.path] + words).map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _forecast
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try await ChildProcess.run("/bin/bash", ["-c", program]).stdout
        return output.split(separator: "\n").map(String.init)
    }

    @Test("bash: commands, options, their values (also after =), cities and files")
    func bash() async throws {
        let script = try await scriptFile("bash")
        defer { try? FileManager.default.removeItem(atPath: script) }
        #expect(try await bash(["n"], script: script).first == "now")
        #expect(try await bash(["--for"], script: script) == ["--format"])
        #expect(try await bash(["week", "-f", ""], script: script) == OutputFormat.names(for: .week))
        // `--format=t`: bash's words are --format, = and t, and it replaces the t; right after
        // the =, its word is the = and it puts the word after it.
        #expect(try await bash(["--format", "=", "t"], script: script) == ["table", "tsv"])
        #expect(try await bash(["sun", "--lang", "="], script: script) == ["ja", "en"])
        #expect(try await bash(["yokoh"], script: script) == ["yokohama"])
        #expect(try await bash(["とう"], script: script).contains("とうきょう"))
        let folder = try TemporaryFolder(prefix: "completion")
        defer { withExtendedLifetime(folder) {} }
        #expect(FileManager.default.createFile(atPath: folder.path("ca.pem"), contents: Data()))
        #expect(try await bash(["--cacert", folder.path("ca")], script: script) == [folder.path("ca.pem")])
    }

    /// zsh is not part of the build's requirements: these tests run where it is installed
    /// (`apt-get install zsh`, as CI does) and are skipped, saying so, where it is not.
    static let hasZsh = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")

    /// What zsh's `_forecast` hands to `compadd` for the words (the last being the one typed),
    /// with `compadd` and `_files` standing in for zsh's own.
    private func zsh(_ words: [String], script: String) async throws -> [String] {
        let quoted = (["forecast"] + words).map { "'\($0)'" }.joined(separator: " ")
        let program = """
            compdef() { :; }
            compadd() { print -rl -- "${values[@]}"; }
            _files() { print -r -- '<files>'; }
            source '\(script)'
            words=(\(quoted)); CURRENT=${#words}
            _forecast
            """
        let path = forecastBinary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let output = try await ChildProcess.run("/usr/bin/zsh", ["-f", "-c", program], environment: ["PATH": path]).stdout
        return output.split(separator: "\n").map(String.init)
    }

    @Test("zsh: commands, options, their values (also after =) and cities, from the command", .enabled(if: hasZsh, "zsh is not installed"))
    func zsh() async throws {
        let script = try await scriptFile("zsh")
        defer { try? FileManager.default.removeItem(atPath: script) }
        #expect(try await zsh(["n"], script: script).first == "now")
        #expect(try await zsh(["--for"], script: script) == ["--format"])
        #expect(try await zsh(["now", "-f", ""], script: script) == OutputFormat.names(for: .now))
        #expect(try await zsh(["--format=t"], script: script) == ["--format=table", "--format=tsv"])
        #expect(try await zsh(["-p", "yokoh"], script: script) == ["yokohama"])
        #expect(try await zsh(["--cacert", ""], script: script) == ["<files>"])
    }

    /// fish is not part of the build's requirements, as zsh.
    static let hasFish = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")

    /// What fish offers for the line (`complete -C`), the words only.
    private func fish(_ line: String, script: String) async throws -> [String] {
        let path = forecastBinary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let output = try await ChildProcess.run(
            "/usr/bin/fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"], environment: ["PATH": path]).stdout
        return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test("fish: commands, options, their values (also after =) and cities, from the command", .enabled(if: hasFish, "fish is not installed"))
    func fish() async throws {
        let script = try await scriptFile("fish")
        defer { try? FileManager.default.removeItem(atPath: script) }
        #expect(try await fish("forecast war", script: script) == ["warnings"])
        #expect(try await fish("forecast --for", script: script) == ["--format"])
        #expect(try await fish("forecast warnings -f ", script: script) == OutputFormat.names(for: .warnings))
        #expect(try await fish("forecast --lang=", script: script) == ["--lang=ja", "--lang=en"])
        #expect(try await fish("forecast -p yokoh", script: script) == ["yokohama"])
    }
}
