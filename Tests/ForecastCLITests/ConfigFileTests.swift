import Forecast
import Foundation
@testable import ForecastCLI
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("The config file of default arguments")
struct ConfigFileTests {
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
        #expect(throws: UsageError("cannot read the config file \"/nope\" that FORECAST_CONFIG names: No such file or directory")) {
            try ConfigFile.load(environment: Environment(variables: ["FORECAST_CONFIG": "/nope"]), read: { _ in nil })
        }
        let found = try #require(try ConfigFile.load(environment: Environment(variables: ["HOME": "/h"]), read: { _ in "--parallel\n# c\n\n東京\n" }))
        #expect(found.path == "/h/.config/forecast/config")
        #expect(found.options.map(\.spec.long) == ["parallel"])
        #expect(found.options.map(\.origin) == [.configFile(path: "/h/.config/forecast/config", line: 1)])
        #expect(found.cities == [.init(text: "東京", origin: .configFile(path: "/h/.config/forecast/config", line: 4))])
    }

    @Test("An option a line, split at its first space; cities split at spaces; # comments at a line's start or after a space")
    func lines() throws {
        let text = "# my defaults\n--format=line  # my status bar\n\n  --parallel  \n-d 2\n東京 横浜 # home and work\r\n# 横浜\n-j4\n"
        let parsed = try fetchOptions([], file: text)
        #expect(parsed.options.format == .line && parsed.options.parallel && parsed.options.days == 2 && parsed.options.jobs == 4)
        #expect(parsed.cities == ["東京", "横浜"])
        // Before: "-f line" gave two errors, and a trailing comment was refused.
        #expect(try options([], file: "-f line\n").format == .line)
        #expect(try options([], file: "--format %l %C\n").format == .template(try .init("%l %C")))
        #expect(try options([], file: "--format=%l#%C\n").format == .template(try .init("%l#%C")), "a # inside a word is text")
    }

    @Test("The command line wins over the file's options")
    func commandLineWins() throws {
        let parsed = try options(["-f", "json", "--days", "1"], file: "--format=line\n--days=3\n--color=always\n大阪\n")
        #expect(parsed.format == .json && parsed.days == 1)
        #expect(parsed.color == .always, "an option only the file sets still applies")
        #expect(try options(["--lang", "ja"], file: "--lang en\n").lang == .ja)
        #expect(try options(["-j", "2"], file: "-j 6\n").jobs == 2)
    }

    @Test("A contrary option on the command line undoes the file's (issue: --no-cache in the file, --refresh given)")
    func contraryOptions() throws {
        // Before: "--refresh and --no-cache contradict each other", exit 64.
        let refreshed = try options(["--refresh"], file: "--no-cache\n")
        #expect(refreshed.refresh && !refreshed.noCache)
        let uncached = try options(["--no-cache"], file: "--refresh\n")
        #expect(uncached.noCache && !uncached.refresh)
        let sequential = try options(["--no-parallel"], file: "--parallel\n-j 8\n")
        #expect(!sequential.isParallel)
        #expect(try options(["-p"], file: "--no-parallel\n").isParallel)
        #expect(try options(["-j", "3"], file: "--no-parallel\n").isParallel)
    }

    @Test("A file's option that does not apply to the command line's choices is dropped (issue: --no-header with -f json)")
    func inapplicableOptions() throws {
        let json = try options(["-f", "json"], file: "--no-header\n")
        #expect(json.format == .json && !json.noHeader)
        let tsv = try options(["--no-header"], file: "-f line\n")
        #expect(tsv.noHeader && tsv.format == .auto)
        #expect(usageError(["--refresh", "--no-cache", "東京"], file: "") != nil, "the command line alone still may not contradict itself")
    }

    @Test("The file's cities are used only when the command line names none")
    func cities() throws {
        #expect(try fetchOptions([], file: "東京\n大阪\n").cities == ["東京", "大阪"])
        #expect(try fetchOptions(["札幌"], file: "東京\n大阪\n").cities == ["札幌"])
        #expect(try fetchOptions(["-p", "-"], file: "東京\n").cities == ["-"])
        #expect(try fetchOptions(["-f", "line"], file: "--parallel\n東京\n").cities == ["東京"])
        #expect(try fetchOptions(["那覇"], file: "--parallel\n").cities == ["那覇"])
    }

    @Test("A bad line is a usage error naming the file and the line", arguments: [
        ("--parallel\n--colour=never\n東京\n", "line 2: unknown option '--colour'; did you mean '--color'?"),
        ("# c\n\n--days=9\n", "line 3: --days must be 1, 2 or 3 (got 9)"),
        ("--format\n", "line 1: --format needs a value (F)"),
        ("--parallel\n--format=xml\n", "line 2: --format must be"),
        ("--parallel yes\n", "line 1: --parallel takes no value (got yes)"),
        ("--refresh\n--no-cache\n", "line 2: --refresh and --no-cache contradict each other"),
        ("--version\n", "line 1: --version is for the command line"),
    ])
    func badLine(text: String, expected: String) {
        let message = usageError(["東京"], file: text)
        #expect(message?.hasPrefix("\(configPath), line ") == true, "\(message ?? "parsed")")
        #expect(message?.contains(expected) == true, "\(message ?? "parsed")")
    }

    @Test("A city line that names no city names the file and the line (issue: tokio)")
    func badCity() {
        do {
            _ = try resolved([], file: "--parallel\n東京\ntokio\n")
            Issue.record("resolved")
        } catch {
            #expect(error.message.hasPrefix("\(configPath), line 3: no city is called \"tokio\""), "\(error.message)")
        }
    }

    @Test("`forecast cities` takes the file's --lang and ignores the options it does not take")
    func subcommand() throws {
        guard case .query(_, let options, nil) = try invocation(["cities"], file: "--parallel\n-f line\n--lang en\n東京\n") else {
            Issue.record("not the catalog")
            return
        }
        #expect(options.lang == .en && options.format == .auto)
    }

    @Test("Help, version and completion requests do not read the file")
    func parserRequests() throws {
        for arguments in [["--help"], ["--version"], ["--generate-completion-script", "bash"], ["---complete", "--", "東"], ["---dump-help"]] {
            #expect(throws: Never.self) {
                _ = try Invocation.read(arguments, environment: Environment(variables: ["FORECAST_CONFIG": "/nonexistent"]), readFile: { _ in nil })
            }
        }
        #expect(throws: UsageError.self) {
            _ = try Invocation.read(["東京"], environment: Environment(variables: ["FORECAST_CONFIG": "/nonexistent"]), readFile: { _ in nil })
        }
    }

    // MARK: Issue "A new user's second hour"

    @Test("A file that is there but cannot be read is a usage error naming it and why, even with cities given (issue 28, 1)")
    func unreadable() {
        // Before: the reader's nil read as "no file", and the run went on without the file.
        let unreadable: ConfigFile.Reader = { _ throws(ConfigFile.Unreadable) in throw ConfigFile.Unreadable(reason: "Permission denied") }
        for arguments in [["東京"], ["-f", "line", "東京"], ["cities"], []] {
            do {
                _ = try Invocation.read(arguments, environment: Environment(variables: ["HOME": "/home/u"]), readFile: unreadable)
                Issue.record("\(arguments): read without the file")
            } catch {
                #expect(
                    error.message == "cannot read the config file \"\(configPath)\": Permission denied (FORECAST_CONFIG=/dev/null runs without one)",
                    "\(arguments)")
            }
        }
        #expect(throws: UsageError("cannot read the config file \"/etc/f\" that FORECAST_CONFIG names: Is a directory")) {
            try ConfigFile.load(environment: Environment(variables: ["FORECAST_CONFIG": "/etc/f"]), read: { _ throws(ConfigFile.Unreadable) in
                throw ConfigFile.Unreadable(reason: "Is a directory")
            })
        }
    }

    @Test("What root cannot read either is unreadable: a directory, an I/O error; nothing there is no file")
    func readingTheFile() async throws {
        try await withTemporaryFolder(prefix: "forecast-config") { folder in
            // Before: nil for each, as if no file were there.
            #expect(throws: ConfigFile.Unreadable(reason: "Is a directory")) { try ConfigFile.readFile(folder.path) }
            // Reading /proc/self/mem from its start reads unmapped memory: EIO, whoever asks.
            #expect(throws: ConfigFile.Unreadable(reason: "Input/output error")) { try ConfigFile.readFile("/proc/self/mem") }
            #expect(try ConfigFile.readFile(folder.path("missing")) == nil)
            try "-p\n".write(toFile: folder.path("file"), atomically: true, encoding: .utf8)
            #expect(try ConfigFile.readFile(folder.path("file")) == "-p\n")
            #expect(try ConfigFile.readFile(folder.path("file") + "/config") == nil, "a path under a file: nothing there (ENOTDIR)")
        }
    }

    @Test("A config file that is a directory: exit 64 before any request, naming it and why, cities given or not (issue 28, 1)")
    func directoryEndToEnd() async throws {
        try await withTemporaryFolder(prefix: "forecast-config") { folder in
            let config = folder.path("forecast/config")
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try await withMock { mock, env in
                var env = env
                env["XDG_CONFIG_HOME"] = folder.path
                for arguments in [["-f", "line", "東京"], []] {
                    let result = try await forecast(arguments, environment: env)
                    #expect(result.status == 64, "\(arguments)")
                    #expect(result.stderr.hasPrefix(
                        "forecast: cannot read the config file \"\(config)\": Is a directory (FORECAST_CONFIG=/dev/null runs without one)\n"),
                        "\(arguments): \(result.stderr)")
                }
                #expect(mock.stats().requestsServed == 0)
            }
        }
    }

    @Test(
        "A file of mode 000, run as a user who may not read it: exit 64 with Permission denied (issue 28, 1, as seen)",
        .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv to run as another user"))
    func permissionDenied() async throws {
        try await withTemporaryFolder(prefix: "forecast-config") { folder in
            // As root (the tests usually are), mode 000 stops nobody: run the command as nobody.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            let config = folder.path("config")
            try "--parallel\n".write(toFile: config, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: config)
            let asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", forecastBinary.path] : [forecastBinary.path]
            let result = try await CommandProcess(
                Array(asUser.dropFirst()) + ["-f", "line", "東京"], environment: ["FORECAST_CONFIG": config],
                executable: URL(fileURLWithPath: asUser[0])).finish()
            // Before: 東京's line, exit 0 (or a failed fetch), and not a word of the file.
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("forecast: cannot read the config file \"\(config)\" that FORECAST_CONFIG names: Permission denied\n"), "\(result.stderr)")
            #expect(result.stdout == "")
        }
    }

    @Test("FORECAST_CONFIG=/dev/null reads as an empty file (issue 28, 2)")
    func devNull() async throws {
        #expect(try ConfigFile.readFile("/dev/null") == "")
        let config = try ConfigFile.load(environment: Environment(variables: ["FORECAST_CONFIG": "/dev/null"]))
        #expect(config?.options.isEmpty == true && config?.cities.isEmpty == true)
        try await withMock { _, env in
            var env = env
            env["FORECAST_CONFIG"] = "/dev/null"
            // Before: "FORECAST_CONFIG: cannot read the config file "/dev/null" (no such file, or not readable)", 64.
            let result = try await forecast(["-f", "line", "東京"], environment: env)
            #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
            #expect(withoutOldDataMarks(result.stdout) == "東京 晴のち曇 -/27°C 10%\n")
        }
    }

    @Test("The file's --watch is dropped when the command line's format is not for bars; --no-watch undoes it (issue 28, 3)")
    func watchInTheFile() throws {
        // Before: "--watch prints line, a template or waybar (got --format tsv)".
        let tsv = try options(["-f", "tsv"], file: "--watch\n-f line\n")
        #expect(!tsv.watch && tsv.format == .tsv)
        #expect(try !options(["-f", "table"], file: "--watch\n").watch)
        let line = try options([], file: "--watch\n-f line\n")
        #expect(line.watch && line.format == .line, "the file's --watch with the file's bar format still watches")
        #expect(try options(["-f", "waybar"], file: "--watch\n-f line\n").watch, "and with the command line's")
        // --no-watch, as --no-parallel undoes -p.
        let once = try options(["--no-watch"], file: "--watch\n-f line\n")
        #expect(!once.watch && once.format == .line)
        #expect(try options(["--watch"], file: "--no-watch\n-f line\n").watch)
        #expect(usageError(["--watch", "--no-watch", "-f", "line", "東京"]) == "--watch and --no-watch contradict each other; choose one")
        #expect(usageError(["--watch", "-f", "tsv", "東京"]) == "--watch prints line, a template or waybar (got --format tsv)",
                "on the command line alone it stays a usage error")
    }

    @Test("`forecast -f tsv 大阪` with --watch and -f line in the file prints the TSV once and ends (issue 28, 3, as seen)")
    func watchInTheFileEndToEnd() async throws {
        try await withTemporaryFolder(prefix: "forecast-config") { folder in
            try "--watch\n-f line\n".write(toFile: folder.path("config"), atomically: true, encoding: .utf8)
            try await withMock { _, env in
                var env = env
                env["FORECAST_CONFIG"] = folder.path("config")
                let result = try await forecast(["-f", "tsv", "-d", "1", "大阪"], environment: env)
                #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
                #expect(result.stdout.hasPrefix("id\tcity\t") && result.stdout.contains("\n270000\t大阪\t"))
                let once = try await forecast(["--no-watch", "大阪"], environment: env)
                #expect(once.status == 0 && once.stdout.hasPrefix("大阪 "), "\(once.stderr)")
            }
        }
    }

    @Test("A bad city line of the file, while the command line names the cities: a warning with its line, then the run (issue 28, 4)")
    func unusedBadCity() async throws {
        #expect(CityResolution.unusedProblems([
            .init(text: "東京", origin: .configFile(path: configPath, line: 1)), .init(text: "-", origin: .configFile(path: configPath, line: 2)),
            .init(text: "tokio", origin: .configFile(path: configPath, line: 3)),
        ]) == ["\(configPath), line 3: no city is called \"tokio\"; did you mean Tokyo / 東京 (130010)? (not read: the command line names the cities)"])
        try await withTemporaryFolder(prefix: "forecast-config") { folder in
            let config = folder.path("config")
            try "--parallel\n東京\ntokio\n".write(toFile: config, atomically: true, encoding: .utf8)
            try await withMock { mock, env in
                var env = env
                env["FORECAST_CONFIG"] = config
                // Before: 大阪's line, exit 0, and nothing on stderr.
                let result = try await forecast(["-f", "line", "大阪"], environment: env)
                #expect(result.status == 0)
                #expect(result.stdout.hasPrefix("大阪 "))
                #expect(result.stderr == """
                    forecast: \(config), line 3: no city is called "tokio"; did you mean Tokyo / 東京 (130010)? \
                    (not read: the command line names the cities)

                    """)
                // Without cities on the command line, the file's are read, and the line is a usage error.
                let before = mock.stats().requestsServed
                let fromFile = try await forecast(["-f", "line"], environment: env)
                #expect(fromFile.status == 64)
                #expect(fromFile.stderr.hasPrefix("forecast: \(config), line 3: no city is called \"tokio\"; did you mean"))
                #expect(mock.stats().requestsServed == before)
            }
        }
    }
}
