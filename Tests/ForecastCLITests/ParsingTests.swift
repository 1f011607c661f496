import CurlHTTP
import Forecast
@testable import ForecastCLI
import Testing

@Suite("Parsing the command line")
struct ParsingTests {
    @Test("--stale-if-error reads seconds or a number with s, m, h or d")
    func staleDurations() throws {
        let expected: [String: Int64] = ["90": 90, "90s": 90, "45m": 2700, "6h": 21_600, "2d": 172_800, "1.5h": 5400]
        for (text, seconds) in expected {
            #expect(try options(["--stale-if-error", text]).staleIfError?.seconds == seconds, "\(text)")
        }
        #expect(try options([]).staleIfError == nil)
        for bad in ["0", "-5", "5x", "m", "", "nan", "1000d"] {
            #expect(usageError(["--stale-if-error", bad, "130010"])?.contains("--stale-if-error must be") == true, "\(bad)")
        }
    }

    @Test("--max-time must be a positive number of seconds")
    func maxTime() throws {
        #expect(try options(["--max-time", "2"]).maxTime == 2)
        #expect(try options([]).maxTime == nil)
        for bad in ["0", "-1", "-0.5", "soon"] {
            #expect(usageError(["--max-time", bad, "130010"])?.hasPrefix("--max-time must be more than 0") == true, "\(bad)")
        }
    }

    @Test("Defaults come from the options' keys alone, and the help states them from there")
    func defaults() throws {
        let parsed = try fetchOptions(["130010"])
        #expect(parsed.cities == ["130010"])
        let given = parsed.options
        #expect(!given.parallel && given.jobs == nil && given.format == .auto && given.days == nil)
        #expect(!given.noHeader && given.timeout == 15 && given.retries == 2 && given.interval == nil)
        #expect(given.baseURL == nil && !given.refresh && !given.noCache && given.color == .auto && !given.verbose)
        #expect(HelpText.fetch.contains("(default \(OptionSpec.defaultJobs))"))
        #expect(HelpText.fetch.contains("(default \(NumberText.decimal(Key.timeout.defaultValue)))"))
    }

    @Test("Every option, long and short")
    func everyOption() throws {
        let long = try fetchOptions([
            "--parallel", "--jobs", "3", "--format", "tsv", "--days", "2", "--no-header", "--timeout", "2.5",
            "--retries", "0", "--interval", "0.25", "--base-url", "http://127.0.0.1:9", "--refresh",
            "--color", "never", "--verbose", "--lang", "en", "東京", "-",
        ])
        let given = long.options
        #expect(given.parallel && given.jobs == 3 && given.format == .tsv && given.days == 2 && given.noHeader)
        #expect(given.timeout == 2.5 && given.retries == 0 && given.interval == 0.25 && given.lang == .en)
        #expect(given.baseURL == "http://127.0.0.1:9" && given.refresh && given.color == .never && given.verbose)
        #expect(long.cities == ["東京", "-"])
        let short = try options(["-p", "-j", "4", "-f", "line", "-d", "1", "-v"])
        #expect(short.parallel && short.jobs == 4 && short.format == .line && short.days == 1 && short.verbose)
        let attached = try options(["--format=json", "--days=2"])
        #expect(attached.format == .json && attached.days == 2)
    }

    @Test("Short options take their value attached, as getopt does, and flags cluster (issue: -d1, -j4, -fline, -pv)")
    func attachedShortValues() throws {
        // Before: -d1 read as -d -1 ("--days must be 1, 2 or 3 (got 130010)"), -j4 as "Unknown option '-4'".
        #expect(try options(["-d1"]).days == 1)
        #expect(try options(["-j4"]).jobs == 4)
        #expect(try options(["-fline"]).format == .line)
        let cluster = try options(["-pv"])
        #expect(cluster.parallel && cluster.verbose)
        let valued = try options(["-pvj4"])
        #expect(valued.parallel && valued.verbose && valued.jobs == 4)
        #expect(try options(["-pj", "4"]).jobs == 4)
        #expect(try options(["-f%l %C"]).format == .template(try FormatTemplate("%l %C")))
        #expect(try fetchOptions(["-d1", "130010", "140010"]).cities == ["130010", "140010"])
        #expect(usageError(["-pq", "130010"]) == "unknown option '-q'; `forecast --help` lists the options")
        #expect(usageError(["130010", "-j"]) == "--jobs needs a value (N)")
    }

    @Test("A negative number is a value that says what it must be, not a missing value (issue: --jobs -3)", arguments: [
        (["--days", "-1"], "--days must be 1, 2 or 3 (got -1)"),
        (["--timeout", "-1"], "--timeout must be from 0.001 to 86400 seconds (got -1)"),
        (["--jobs", "-3"], "--jobs must be at least 1 (got -3)"),
        (["--max-time", "-2"], "--max-time must be more than 0 and at most 86400 seconds (got -2)"),
        (["-j", "-3"], "--jobs must be at least 1 (got -3)"),
    ] as [([String], String)])
    func negativeNumbers(arguments: [String], expected: String) {
        #expect(usageError(arguments + ["130010"]) == expected)
    }

    @Test("A value a message echoes is the value as typed, never the number it was read as (issue 28: `--timeout 0` said \"got 0.0\")", arguments: [
        (["--timeout", "0"], "--timeout must be from 0.001 to 86400 seconds (got 0)"),
        (["--interval", "-1"], "--interval must be from 0 to 86400 seconds (got -1)"),
        (["--timeout=1e17"], "--timeout must be from 0.001 to 86400 seconds (got 1e17)"),
        (["--max-time", "100000"], "--max-time must be more than 0 and at most 86400 seconds (got 100000)"),
        (["--interval", "+90000"], "--interval must be from 0 to 86400 seconds (got +90000)"),
        (["--timeout", ".0004"], "--timeout must be from 0.001 to 86400 seconds (got .0004)"),
    ] as [([String], String)])
    func echoedAsTyped(arguments: [String], expected: String) {
        #expect(usageError(arguments + ["130010"]) == expected)
    }

    @Test("Bad values are usage errors with a message naming the option", arguments: [
        (["--days", "0"], "--days must be 1, 2 or 3"),
        (["--days", "4"], "--days must be 1, 2 or 3"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--timeout", "0"], "--timeout must be from 0.001 to 86400 seconds"),
        (["--timeout=-1"], "--timeout must be from 0.001 to 86400 seconds"),
        (["--timeout", "0.0004"], "--timeout must be from 0.001"),
        (["--timeout", "1e17"], "--timeout must be from 0.001 to 86400 seconds (got 1e17)"),
        (["--timeout", "nan"], "--timeout must be from"),
        (["--timeout", "soon"], "(got soon)"),
        (["--retries=-1"], "--retries must be from 0 to 10"),
        (["--retries", "11"], "--retries must be from 0 to 10"),
        (["--interval=-0.5"], "--interval must be from 0 to 86400 seconds"),
        (["--interval", "1e300"], "--interval must be from 0 to 86400 seconds"),
        (["--base-url", "ftp://example.com"], "--base-url must be an http:// or https:// URL"),
        (["--format", "xml"], "--format must be auto, table, tsv, json, line, detail"),
        (["--color", "sometimes"], "--color must be auto, always or never"),
        (["--refresh", "--no-cache"], "--refresh and --no-cache contradict each other"),
        (["-p", "--no-parallel"], "--parallel and --no-parallel contradict each other"),
        (["--no-parallel", "-j", "2"], "--no-parallel and --jobs contradict each other"),
        (["--no-header", "-f", "json"], "--no-header applies to the tsv format only"),
        (["--no-header", "-f", "line"], "--format line has no header line"),
        (["--parallel=yes"], "--parallel takes no value"),
        (["-x"], "unknown option '-x'"),
    ] as [([String], String)])
    func badValues(arguments: [String], expected: String) {
        let message = usageError(arguments + ["130010"])
        #expect(message?.contains(expected) == true, "\(message ?? "parsed")")
    }

    @Test("An unknown option gets a suggestion only when one is spelled close to it (issue: --bogus → --jobs)")
    func suggestions() {
        #expect(usageError(["--bogus", "130010"]) == "unknown option '--bogus'; `forecast --help` lists the options")
        #expect(usageError(["--colour", "never", "130010"]) == "unknown option '--colour'; did you mean '--color'?")
        #expect(usageError(["--jbos", "2", "130010"]) == "unknown option '--jbos'; did you mean '--jobs'?")
        #expect(usageError(["--paralel", "130010"]) == "unknown option '--paralel'; did you mean '--parallel'?")
        #expect(usageError(["--x", "130010"]) == "unknown option '--x'; `forecast --help` lists the options")
    }

    @Test("`forecast cities` is the subcommand wherever the options stand; anything else is the fetch")
    func routing() throws {
        guard case .query(_, _, let query) = try invocation(["cities", "東"]) else { Issue.record("not cities"); return }
        #expect(query == "東")
        guard case .query(_, let options, let query) = try invocation(["--lang", "en", "cities", "47"]) else {
            Issue.record("options before the subcommand made it a city")
            return
        }
        #expect(options.lang == .en && query == "47")
        guard case .query(_, let json, nil) = try invocation(["cities", "-f", "json"]) else { Issue.record("not cities"); return }
        #expect(json.format == .json)
        guard case .cities(_, _, let cities, _) = try invocation(["東京", "cities"]) else { Issue.record("not a fetch"); return }
        #expect(cities.map(\.text) == ["東京", "cities"])
        guard case .request(.help, let command) = try invocation(["help", "cities"]), command == .cities else { Issue.record("not help"); return }
        guard case .request(.help, let command) = try invocation(["cities", "--help"]), command == .cities else { Issue.record("not help"); return }
        guard case .request(.help, let command) = try invocation(["-p", "--help", "東京"]), command == .fetch else { Issue.record("not help"); return }
        guard case .request(.version, _) = try invocation(["--version", "東京"]) else { Issue.record("not the version"); return }
        guard case .request(.completionScript(.fish), _) = try invocation(["--generate-completion-script=fish"]) else {
            Issue.record("not a completion script")
            return
        }
        guard case .complete(["-p", "東"]) = try invocation(["---complete", "--", "-p", "東"]) else {
            Issue.record("not a completion")
            return
        }
        guard case .dumpHelp = try invocation(["---dump-help"]) else {
            Issue.record("not the man page's dump")
            return
        }
    }

    @Test("An option before `cities` that it does not take is a usage error naming the option, never a city; a harmless one (-p) is ignored")
    func optionsBeforeSubcommand() {
        #expect(usageError(["-p", "cities"]) == nil)
        #expect(usageError(["--watch", "cities"]) == "--watch does not apply to `forecast cities`")
        #expect(usageError(["--days", "2", "cities", "東"]) == "-d, --days does not apply to `forecast cities`")
        #expect(usageError(["cities", "a", "b"])?.hasPrefix("`forecast cities` takes one query") == true)
    }

    @Test("No city anywhere: the usage error names the config file that would be read (issue: XDG_CONFIG_HOME)")
    func noCity() {
        func message(_ variables: [String: String]) -> String? {
            do {
                _ = try Invocation.read([], environment: Environment(variables: variables), readFile: { _ in nil })
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(["HOME": "/home/u"])?.hasSuffix("put it on a line of /home/u/.config/forecast/config") == true)
        #expect(message(["HOME": "/home/u", "XDG_CONFIG_HOME": "/x"])?.hasSuffix("put it on a line of /x/forecast/config") == true)
        #expect(message([:])?.contains("name at least one city") == true)
    }

    @Test("-j N implies --parallel; without -j, the default is 8 in flight only with -p")
    func jobsImpliesParallel() throws {
        let jobs = try settings(["-j", "4"])
        #expect(jobs.values.isParallel && jobs.jobs == 4)
        let plain = try settings([])
        #expect(!plain.values.isParallel && plain.jobs == 1)
        let parallel = try settings(["-p"])
        #expect(parallel.values.isParallel && parallel.jobs == 8)
    }

    @Test("No message, usage or help names a `fetch` subcommand")
    func noFetchInMessages() {
        #expect(!HelpText.fetch.contains("forecast fetch") && !HelpText.usage.contains("fetch"))
        #expect(!(usageError(["--days", "4", "東京"]) ?? "fetch").contains("fetch"))
    }

    @Test("Cities resolve in order; `-` reads space-separated names and IDs from stdin, or `forecast cities` lines")
    func cities() throws {
        let input = "# my cities\n140010\t横浜\t神奈川県\tYokohama\n\n  090010 osaka  # trailing comment\r\n   # indented comment\n大阪\t\n"
        let cities = try resolved(["東京", "-", "330010"], input: input)
        #expect(cities.map(\.id) == ["130010", "140010", "090010", "270000", "270000", "330010"])
    }

    @Test("`forecast cities 沖縄 | forecast -` fetches the seven cities of 沖縄県")
    func citiesOutputOnStandardInput() throws {
        let listed = CatalogFormatter().tsv(CityCatalog.search("沖縄"))
        let cities = try resolved(["-"], input: listed)
        #expect(cities.count == 7)
        #expect(cities.allSatisfy { $0.prefecture == "沖縄県" })
    }

    @Test("A prefecture argument stands for its cities, in catalog order, between the others")
    func prefectureArgument() throws {
        let cities = try resolved(["札幌", "okinawa", "那覇"])
        #expect(cities.map(\.name) == ["札幌", "那覇", "名護", "久米島", "南大東", "宮古島", "石垣島", "与那国島", "那覇"])
    }

    @Test("Only comments and blank lines on stdin is a usage error")
    func onlyComments() {
        #expect(throws: UsageError.self) { try resolved(["-"], input: "# nothing\n\n   # here\n") }
        #expect(throws: UsageError.self) { try resolved(["-"], input: " \n") }
    }

    @Test("Unknown and malformed cities are all reported, as one usage error")
    func unknownCities() {
        do {
            _ = try resolved(["東京都庁", "13001", "130010"])
            Issue.record("resolved")
        } catch {
            #expect(error.message.contains("no city is called \"東京都庁\""))
            #expect(error.message.contains("\"13001\" is not a city ID"))
        }
    }

    @Test("--format auto is a table on a terminal and TSV otherwise; line shows one day unless told")
    func formatAndDays() throws {
        #expect(try settings([], streams: .init(stdoutIsTerminal: true)).format == .table)
        #expect(try settings([]).format == .tsv)
        #expect(try settings([]).days == 3)
        #expect(try settings(["-f", "line"]).days == 1)
        #expect(try settings(["-f", "line", "-d", "2"]).days == 2)
        #expect(try settings(["--no-header"]).header == false)
    }

    @Test("Failure lines wait for the end only when stdout and stderr are one terminal")
    func holdingFailureLines() throws {
        #expect(try settings([], streams: .init(stdoutIsTerminal: true, stderrIsTerminal: true, sameTerminal: true)).holdFailureLines)
        #expect(try !settings([], streams: .init(stdoutIsTerminal: true, stderrIsTerminal: true)).holdFailureLines)
        #expect(try !settings([], streams: .init(stderrIsTerminal: true, stdoutIsPipe: true)).holdFailureLines)
    }

    @Test("Colour: only on a terminal, never with NO_COLOR under auto, an explicit always wins")
    func color() throws {
        func colored(_ arguments: [String], _ variables: [String: String], terminal: Bool) throws -> Bool {
            try settings(arguments, variables, streams: .init(stdoutIsTerminal: terminal)).color
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
        let none = ["HOME": "/home/u"]
        let withEnv = ["FORECAST_BASE_URL": "http://127.0.0.1:8/", "FORECAST_CACHE_DIR": "/tmp/c"]
        #expect(try settings([], none).client.baseURL == "https://weather.tsukumijima.net")
        #expect(try settings([], withEnv).client.baseURL == "http://127.0.0.1:8")
        #expect(try settings(["--base-url", "https://example.org"], withEnv).client.baseURL == "https://example.org")
        #expect(throws: UsageError.self) { try settings([], ["FORECAST_BASE_URL": "localhost:8"]) }
        #expect(try settings([], withEnv).client.cache?.directory == "/tmp/c")
        #expect(try settings([], none).client.cache?.directory == "/home/u/.cache/forecast")
        #expect(try settings(["--refresh"], none).client.cache?.mode == .refresh)
        #expect(try settings(["--no-cache"], none).client.cache == nil)
    }

    @Test("Timeout, retries, interval and the deadline reach the client")
    func clientSettings() throws {
        let client = try settings(["--timeout", "2.5", "--retries", "0", "--interval", "0.2", "--max-time", "3"]).client
        #expect(client.timeout == .milliseconds(2500))
        #expect(client.retries == 0)
        #expect(client.interval == .milliseconds(200))
        #expect(client.maxTime == .seconds(3))
        #expect(try settings([]).client.interval == nil)
    }

    @Test("The verbose line names the city, status, bytes, attempts, cache and timings")
    func verboseLine() throws {
        let city = try CityCatalog.resolve("130010")
        let metrics = Metrics(firstByte: .microseconds(101_340), total: .microseconds(101_560), connectionReused: true)
        let info = FetchInfo(source: .network, status: 200, bytes: 6863, attempts: 2, httpVersion: "HTTP/1.1", metrics: metrics)
        let line = VerboseLine.text(for: FetchResult(city: city, outcome: .failure(.cancelled), info: info))
        #expect(line == "forecast: 130010 東京: HTTP 200, 6863 bytes, 2 attempts, cache miss, HTTP/1.1, dns 0.0 ms, connect 0.0 ms, tls 0.0 ms, first byte 101.3 ms, total 101.5 ms, reused connection")
        let hit = VerboseLine.text(for: FetchResult(city: city, outcome: .failure(.cancelled), info: FetchInfo(source: .cache, bytes: 10)))
        #expect(hit == "forecast: 130010 東京: cache hit, 10 bytes")
    }
}
