import ArgumentParser
@testable import ForecastCLI
import Testing

@Suite("The config file of default arguments")
struct ConfigFileTests {
    private func run(_ arguments: [String], file text: String) throws -> Fetch {
        let config = ConfigFile(path: "/home/u/.config/forecast/config", text: text)
        return try #require(try ForecastCommand.fetchCommand(arguments, config: config) as? Fetch)
    }

    private func failure(_ arguments: [String], file text: String) -> (message: String, code: Int32)? {
        do {
            _ = try run(arguments, file: text)
            return nil
        } catch {
            return (Fetch.message(for: error), Fetch.exitCode(for: error).rawValue)
        }
    }

    @Test("It is found at $FORECAST_CONFIG, else $XDG_CONFIG_HOME/forecast/config, else ~/.config/forecast/config")
    func location() {
        let all = ["FORECAST_CONFIG": "/etc/f", "XDG_CONFIG_HOME": "/x", "HOME": "/home/u"]
        #expect(ConfigFile.path(environment: Environment(variables: all)) == "/etc/f")
        #expect(ConfigFile.path(environment: Environment(variables: all.filter { $0.key != "FORECAST_CONFIG" })) == "/x/forecast/config")
        #expect(ConfigFile.path(environment: Environment(variables: ["HOME": "/home/u", "XDG_CONFIG_HOME": ""]))
            == "/home/u/.config/forecast/config")
        #expect(ConfigFile.path(environment: Environment(variables: [:])) == nil)
    }

    @Test("A missing file is no error at the default places, but is where FORECAST_CONFIG points")
    func missing() throws {
        #expect(try ConfigFile.load(environment: Environment(variables: ["HOME": "/h"]), read: { _ in nil }) == nil)
        #expect(throws: ValidationError.self) {
            try ConfigFile.load(environment: Environment(variables: ["FORECAST_CONFIG": "/nope"]), read: { _ in nil })
        }
        let found = try ConfigFile.load(environment: Environment(variables: ["HOME": "/h"]), read: { "--parallel\n# c\n\n東京\n" + $0 })
        #expect(found?.path == "/h/.config/forecast/config")
        #expect(found?.arguments.map(\.text) == ["--parallel", "東京", "/h/.config/forecast/config"])
        #expect(found?.arguments.map(\.line) == [1, 4, 5])
    }

    @Test("One argument a line; # comment lines and blank lines skipped; options with values either way")
    func lines() throws {
        let fetch = try run([], file: "# my defaults\n--format=line\n\n  --parallel  \n-d\n2\n東京\r\n# 横浜\n")
        #expect(fetch.format == .line && fetch.parallel && fetch.days == 2)
        #expect(fetch.cities == ["東京"])
    }

    @Test("The command line wins over the file's options")
    func commandLineWins() throws {
        let fetch = try run(["-f", "json", "--days", "1"], file: "--format=line\n--days=3\n--color=always\n大阪\n")
        #expect(fetch.format == .json && fetch.days == 1)
        #expect(fetch.color == .always, "an option only the file sets still applies")
    }

    @Test("The file's cities are used only when the command line names none")
    func cities() throws {
        #expect(try run([], file: "東京\n大阪\n").cities == ["東京", "大阪"])
        #expect(try run(["札幌"], file: "東京\n大阪\n").cities == ["札幌"])
        #expect(try run(["-p", "-"], file: "東京\n").cities == ["-"])
        #expect(try run(["-f", "line"], file: "--parallel\n東京\n").cities == ["東京"])
        #expect(try run(["那覇"], file: "--parallel\n").cities == ["那覇"])
    }

    @Test("A bad line is a usage error (64) naming the file and the line", arguments: [
        ("--parallel\n--colour=never\n東京\n", "line 2: Unknown option '--colour'"),
        ("# c\n\n--days=9\n", "line 3: --days must be 1, 2 or 3"),
        ("--days\n9\n", "line 2: --days must be 1, 2 or 3"),
        ("--format\n", "line 1: Missing value for"),
        ("--parallel\n--format=xml\n", "line 2:"),
    ])
    func badLine(text: String, expected: String) {
        let result = failure([], file: text)
        #expect(result?.code == 64)
        #expect(result?.message.hasPrefix("/home/u/.config/forecast/config, line ") == true, "\(result?.message ?? "parsed")")
        #expect(result?.message.contains(expected) == true, "\(result?.message ?? "parsed")")
    }

    @Test("Help, version and completion requests do not read the file")
    func parserRequests() throws {
        let environment = Environment(variables: ["FORECAST_CONFIG": "/nonexistent/forecast-config"])
        for arguments in [["--help"], ["--version"], ["--generate-completion-script", "bash"], ["---completion", "--", "positional@0"]] {
            #expect(try ForecastCommand.loadConfig(for: arguments, environment: environment) == nil)
        }
        #expect(throws: ValidationError.self) { try ForecastCommand.loadConfig(for: ["東京"], environment: environment) }
    }
}
