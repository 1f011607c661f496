import ArgumentParser
import Forecast
@testable import ForecastCLI
import Testing

@Suite("Parsing the command line")
struct ParsingTests {
    private func fetch(_ arguments: [String]) throws -> Fetch {
        try Fetch.parse(arguments)
    }

    @Test("--stale-if-error reads seconds or a number with s, m, h or d")
    func staleDurations() throws {
        let expected: [String: Int64] = ["90": 90, "90s": 90, "45m": 2700, "6h": 21_600, "2d": 172_800, "1.5h": 5400]
        for (text, seconds) in expected {
            #expect(try fetch(["--stale-if-error", text, "130010"]).staleIfError?.seconds == seconds, "\(text)")
        }
        #expect(try fetch(["130010"]).staleIfError == nil)
        for bad in ["0", "-5", "5x", "m", "", "nan", "1000d"] {
            #expect(parseFailure(["--stale-if-error", bad, "130010"])?.code == 64, "\(bad)")
        }
    }

    @Test("--max-time must be a positive number of seconds")
    func maxTime() throws {
        #expect(try fetch(["--max-time", "2", "130010"]).maxTime == 2)
        #expect(try fetch(["130010"]).maxTime == nil)
        for bad in ["0", "-1", "-0.5", "soon"] {
            let failure = parseFailure(["--max-time", bad, "130010"])
            #expect(failure?.code == 64, "\(bad)")
        }
        #expect(parseFailure(["--max-time", "0", "130010"])?.message.contains("--max-time must be more than 0") == true)
    }

    @Test("Defaults")
    func defaults() throws {
        let command = try fetch(["130010"])
        #expect(command.cities == ["130010"])
        #expect(!command.parallel)
        #expect(command.jobs == nil)
        #expect(command.format == .auto)
        #expect(command.days == nil)
        #expect(!command.noHeader)
        #expect(command.timeout == 15)
        #expect(command.retries == 2)
        #expect(command.interval == nil)
        #expect(command.baseURL == nil)
        #expect(!command.refresh && !command.noCache)
        #expect(command.color == .auto)
        #expect(!command.verbose)
    }

    @Test("Every option, long and short")
    func everyOption() throws {
        let long = try fetch([
            "--parallel", "--jobs", "3", "--format", "tsv", "--days", "2", "--no-header", "--timeout", "2.5",
            "--retries", "0", "--interval", "0.25", "--base-url", "http://127.0.0.1:9", "--refresh",
            "--color", "never", "--verbose", "東京", "-",
        ])
        #expect(long.parallel && long.jobs == 3 && long.format == .tsv && long.days == 2 && long.noHeader)
        #expect(long.timeout == 2.5 && long.retries == 0 && long.interval == 0.25)
        #expect(long.baseURL == "http://127.0.0.1:9" && long.refresh && long.color == .never && long.verbose)
        #expect(long.cities == ["東京", "-"])
        let short = try fetch(["-p", "-j", "4", "-f", "line", "-d", "1", "-v", "130010"])
        #expect(short.parallel && short.jobs == 4 && short.format == .line && short.days == 1 && short.verbose)
    }

    @Test("Bad values are usage errors (exit 64) with a message naming the option", arguments: [
        (["--days", "0", "130010"], "--days must be 1, 2 or 3"),
        (["--days", "4", "130010"], "--days must be 1, 2 or 3"),
        (["--jobs", "0", "130010"], "--jobs must be at least 1"),
        (["--timeout", "0", "130010"], "--timeout must be from 0.001 to 86400 seconds"),
        (["--timeout=-1", "130010"], "--timeout must be from 0.001 to 86400 seconds"),
        (["--timeout", "0.0004", "130010"], "--timeout must be from 0.001"),
        (["--timeout", "1e17", "130010"], "--timeout must be from 0.001 to 86400 seconds (got 1e+17)"),
        (["--timeout", "nan", "130010"], "--timeout must be from"),
        (["--timeout", "-1", "130010"], "Missing value for '--timeout <S>'"),
        (["--timeout", "soon", "130010"], "soon"),
        (["--retries=-1", "130010"], "--retries must be from 0 to 10"),
        (["--retries", "11", "130010"], "--retries must be from 0 to 10"),
        (["--interval=-0.5", "130010"], "--interval must be from 0 to 86400 seconds"),
        (["--interval", "1e300", "130010"], "--interval must be from 0 to 86400 seconds"),
        (["--base-url", "ftp://example.com", "130010"], "--base-url must be an http:// or https:// URL"),
        (["--format", "xml", "130010"], "format"),
        (["--color", "sometimes", "130010"], "color"),
        (["--bogus", "130010"], "--bogus"),
        (["--refresh", "--no-cache", "130010"], "--refresh and --no-cache contradict each other"),
        (["--no-header", "-f", "json", "130010"], "--no-header applies to the tsv format only"),
        (["--no-header", "-f", "line", "130010"], "--format line has no header line"),
        (["-x"], "Unknown option '-x'"),
    ] as [([String], String)])
    func badValues(arguments: [String], expected: String) {
        let result = parseFailure(arguments)
        #expect(result?.code == 64)
        #expect(result?.message.contains(expected) == true, "\(result?.message ?? "parsed")")
    }

    @Test("`forecast cities 東` is the subcommand; anything else is the fetch, parsed as the root")
    func routing() throws {
        #expect(try ForecastCommand.parseAsRoot(["cities", "東"]) is Cities)
        #expect(try ForecastCommand.parseAsRoot(["cities"]) is Cities)
        let fetch = try #require(try ForecastCommand.fetchCommand(["130010", "140010"], config: nil) as? Fetch)
        #expect(fetch.cities == ["130010", "140010"])
        #expect(try ForecastCommand.fetchCommand(["--parallel", "東京"], config: nil) is Fetch)
        #expect(ForecastCommand.routedThroughTree(["cities", "東"]))
        #expect(ForecastCommand.routedThroughTree(["help", "cities"]))
        #expect(!ForecastCommand.routedThroughTree(["東京", "cities"]))
        #expect(!ForecastCommand.routedThroughTree(["-p", "東京"]))
    }

    @Test("No city anywhere: the usage error says how to set a default; nothing is parsed as a subcommand")
    func noCity() throws {
        let command = try fetch([])
        do {
            _ = try command.resolveCities { "" }
            Issue.record("no city resolved")
        } catch {
            let message = Fetch.message(for: error)
            #expect(message.contains("name at least one city"))
            #expect(message.contains("~/.config/forecast/config"))
            #expect(Fetch.exitCode(for: error).rawValue == 64)
        }
    }

    @Test("-j N implies --parallel; without -j, the default is 8 in flight only with -p")
    func jobsImpliesParallel() throws {
        let none = Environment(variables: [:])
        let jobs = try fetch(["-j", "4", "130010"]).settings(environment: none, stdoutIsTerminal: false)
        #expect(jobs.parallel && jobs.jobs == 4)
        let plain = try fetch(["130010"]).settings(environment: none, stdoutIsTerminal: false)
        #expect(!plain.parallel && plain.jobs == 8)
        let parallel = try fetch(["-p", "130010"]).settings(environment: none, stdoutIsTerminal: false)
        #expect(parallel.parallel && parallel.jobs == 8)
    }

    @Test("No message, usage or help names a `fetch` subcommand")
    func noFetchInMessages() throws {
        #expect(!Fetch.helpMessage().contains("fetch "))
        do {
            _ = try ForecastCommand.fetchCommand(["--days", "4", "東京"], config: nil)
            Issue.record("--days 4 parsed")
        } catch {
            let message = Fetch.fullMessage(for: error)
            #expect(message.contains("See 'forecast --help'"))
            #expect(!message.contains("fetch"))
        }
    }

    @Test("Cities resolve in order; `-` reads space-separated names and IDs from stdin, or `forecast cities` lines")
    func cities() throws {
        let command = try fetch(["東京", "-", "330010"])
        let cities = try command.resolveCities {
            "# my cities\n140010\t横浜\t神奈川県\tYokohama\n\n  090010 osaka  # trailing comment\r\n   # indented comment\n大阪\t\n"
        }
        #expect(cities.map(\.id) == ["130010", "140010", "090010", "270000", "270000", "330010"])
    }

    @Test("`forecast cities 沖縄 | forecast -` fetches the seven cities of 沖縄県")
    func citiesOutputOnStandardInput() throws {
        let listed = CityCatalog.search("沖縄").map { "\($0.id)\t\($0.name)\t\($0.prefecture)\t\($0.english)\n" }.joined()
        let cities = try fetch(["-"]).resolveCities { listed }
        #expect(cities.count == 7)
        #expect(cities.allSatisfy { $0.prefecture == "沖縄県" })
    }

    @Test("A prefecture argument stands for its cities, in catalog order, between the others")
    func prefectureArgument() throws {
        let cities = try fetch(["札幌", "okinawa", "那覇"]).resolveCities { "" }
        #expect(cities.map(\.name) == ["札幌", "那覇", "名護", "久米島", "南大東", "宮古島", "石垣島", "与那国島", "那覇"])
    }

    @Test("Only comments and blank lines on stdin is a usage error")
    func onlyComments() throws {
        #expect(throws: ValidationError.self) { try fetch(["-"]).resolveCities { "# nothing\n\n   # here\n" } }
    }

    @Test("Unknown and malformed cities are all reported, as one usage error")
    func unknownCities() throws {
        let command = try fetch(["東京都庁", "13001", "130010"])
        #expect(throws: ValidationError.self) { try command.resolveCities { "" } }
        do {
            _ = try command.resolveCities { "" }
        } catch {
            let message = Fetch.message(for: error)
            #expect(message.contains("no city is called \"東京都庁\""))
            #expect(message.contains("\"13001\" is not a city ID"))
            #expect(Fetch.exitCode(for: error).rawValue == 64)
        }
        #expect(throws: ValidationError.self) { try fetch(["-"]).resolveCities { " \n" } }
    }

    @Test("--format auto is a table on a terminal and TSV otherwise; line shows one day unless told")
    func formatAndDays() throws {
        let auto = try fetch(["130010"])
        #expect(try auto.settings(environment: Environment(variables: [:]), stdoutIsTerminal: true).format == .table)
        #expect(try auto.settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).format == .tsv)
        #expect(try auto.settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).days == 3)
        #expect(try fetch(["-f", "line", "130010"]).settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).days == 1)
        #expect(try fetch(["-f", "line", "-d", "2", "130010"]).settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).days == 2)
        #expect(try fetch(["--no-header", "130010"]).settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).header == false)
    }

    @Test("Colour: only on a terminal, never with NO_COLOR under auto, an explicit always wins")
    func color() throws {
        func colored(_ arguments: [String], _ variables: [String: String], terminal: Bool) throws -> Bool {
            try fetch(arguments + ["130010"]).settings(environment: Environment(variables: variables), stdoutIsTerminal: terminal).color
        }
        #expect(try colored([], [:], terminal: true))
        #expect(try !colored([], [:], terminal: false))
        #expect(try !colored([], ["NO_COLOR": "1"], terminal: true))
        #expect(try colored([], ["NO_COLOR": ""], terminal: true), "an empty NO_COLOR does not count")
        #expect(try !colored([], ["TERM": "dumb"], terminal: true))
        #expect(try colored(["--color", "always", "-f", "table"], ["NO_COLOR": "1"], terminal: false))
        #expect(try !colored(["--color", "never"], [:], terminal: true))
        #expect(try !colored(["--color", "always", "-f", "tsv"], [:], terminal: true), "colour is for the table only")
    }

    @Test("The base URL: --base-url, else FORECAST_BASE_URL, else the public API; the cache folder from the environment")
    func baseURLAndCache() throws {
        let none = Environment(variables: ["HOME": "/home/u"])
        let withEnv = Environment(variables: ["FORECAST_BASE_URL": "http://127.0.0.1:8/", "FORECAST_CACHE_DIR": "/tmp/c"])
        #expect(try fetch(["130010"]).settings(environment: none, stdoutIsTerminal: false).client.baseURL == "https://weather.tsukumijima.net")
        #expect(try fetch(["130010"]).settings(environment: withEnv, stdoutIsTerminal: false).client.baseURL == "http://127.0.0.1:8")
        #expect(try fetch(["--base-url", "https://example.org", "130010"]).settings(environment: withEnv, stdoutIsTerminal: false).client.baseURL == "https://example.org")
        #expect(throws: ValidationError.self) {
            try fetch(["130010"]).settings(environment: Environment(variables: ["FORECAST_BASE_URL": "localhost:8"]), stdoutIsTerminal: false)
        }
        #expect(try fetch(["130010"]).settings(environment: withEnv, stdoutIsTerminal: false).client.cache?.directory == "/tmp/c")
        #expect(try fetch(["130010"]).settings(environment: none, stdoutIsTerminal: false).client.cache?.directory == "/home/u/.cache/forecast")
        #expect(try fetch(["--refresh", "130010"]).settings(environment: none, stdoutIsTerminal: false).client.cache?.mode == .refresh)
        #expect(try fetch(["--no-cache", "130010"]).settings(environment: none, stdoutIsTerminal: false).client.cache == nil)
    }

    @Test("Timeout, retries and interval reach the client")
    func clientSettings() throws {
        let client = try fetch(["--timeout", "2.5", "--retries", "0", "--interval", "0.2", "130010"])
            .settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).client
        #expect(client.timeout == .milliseconds(2500))
        #expect(client.retries == 0)
        #expect(client.interval == .milliseconds(200))
        #expect(try fetch(["130010"]).settings(environment: Environment(variables: [:]), stdoutIsTerminal: false).client.interval == nil)
    }

    @Test("The verbose line names the city, status, bytes, attempts, cache and timings")
    func verboseLine() throws {
        let city = try CityCatalog.resolve("130010")
        let info = FetchInfo(source: .network, status: 200, bytes: 6863, attempts: 2, httpVersion: "HTTP/1.1",
                             firstByte: .microseconds(101_340), total: .microseconds(101_560), connectionReused: true)
        let line = VerboseLine.text(for: FetchResult(city: city, outcome: .failure(.cancelled), info: info))
        #expect(line == "forecast: 130010 東京: HTTP 200, 6863 bytes, 2 attempts, cache miss, HTTP/1.1, dns 0.0 ms, connect 0.0 ms, tls 0.0 ms, first byte 101.3 ms, total 101.5 ms, reused connection")
        let hit = VerboseLine.text(for: FetchResult(city: city, outcome: .failure(.cancelled), info: FetchInfo(source: .cache, bytes: 10)))
        #expect(hit == "forecast: 130010 東京: cache hit, 10 bytes")
    }
}
