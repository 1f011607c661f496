@testable import ForecastCLI
import Testing

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
        #expect(throws: UsageError.self) {
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
        guard case .cities(let options, nil) = try invocation(["cities"], file: "--parallel\n-f line\n--lang en\n東京\n") else {
            Issue.record("not the catalog")
            return
        }
        #expect(options.lang == .en && options.format == .auto)
    }

    @Test("Help, version and completion requests do not read the file")
    func parserRequests() throws {
        for arguments in [["--help"], ["--version"], ["--generate-completion-script", "bash"], ["---completion", "--", "positional@0"]] {
            #expect(throws: Never.self) {
                _ = try Invocation.read(arguments, environment: Environment(variables: ["FORECAST_CONFIG": "/nonexistent"]), readFile: { _ in nil })
            }
        }
        #expect(throws: UsageError.self) {
            _ = try Invocation.read(["東京"], environment: Environment(variables: ["FORECAST_CONFIG": "/nonexistent"]), readFile: { _ in nil })
        }
    }
}
