import Foundation
import Forecast
import MockAPI
import Testing
import TestSupport

@Suite("The forecast command, end to end", .serialized)
struct EndToEndTests {
    let golden = (try? String(contentsOf: fixturesDirectory.appendingPathComponent("golden/130010-140010.tsv"), encoding: .utf8)) ?? "missing"

    @Test("TSV of 130010 140010 matches the golden file, exit 0, nothing on stderr")
    func goldenTSV() async throws {
        try await withMock { mock, env in
            let result = try await forecast(["130010", "140010"], environment: env)
            #expect(result.status == 0)
            #expect(result.stdout == golden)
            #expect(result.stderr == "")
            #expect(mock.stats().maxInFlight == 1, "sequential by default")
        }
    }

    @Test("--parallel prints the same bytes, also when the mock answers in reverse order")
    func parallelSameBytes() async throws {
        try await withMock { mock, env in
            // Both held at the server until both are there, then 140010 answered first.
            mock.closeGate(untilHeld: 2, order: ["140010", "130010"])
            let result = try await forecast(["--parallel", "130010", "140010"], environment: env)
            #expect(result.status == 0)
            #expect(result.stdout == golden)
            #expect(mock.stats().maxInFlight == 2)
        }
    }

    @Test("--parallel streams: the first city is printed before the slow last one is done")
    func parallelStreams() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["330010": FaultRule(.stall)])) { _, env in
            let process = try CommandProcess(["-p", "-f", "line", "130010", "140010", "330010"], environment: env)
            // The first two lines come while the third city is stalled at the server; the
            // stall ends when the process ends it.
            let firstTwo = "東京 晴のち曇 -/27°C 10%\n横浜 晴のち曇 -/26°C 10%\n"
            #expect(await eventually { (try? process.stdoutSoFar()).map(withoutOldDataMarks) == firstTwo },
                    "the first two cities are printed while the third is in flight")
            #expect(process.isRunning, "the stalled city is still in flight")
            process.interrupt()
            let result = try await process.finish()
            #expect(withoutOldDataMarks(result.stdout) == firstTwo)
        }
    }

    @Test("--format json is valid JSON with the expected values")
    func json() async throws {
        try await withMock { _, env in
            let result = try await forecast(["-f", "json", "130010", "330010"], environment: env)
            #expect(result.status == 0)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array.map { $0["id"] as? String } == ["130010", "330010"])
            let tokyo = try #require(array[0]["days"] as? [[String: Any]])
            #expect(tokyo.count == 3)
            #expect(tokyo[0]["min_c"] is NSNull)
            #expect(tokyo[0]["max_c"] as? Int == 27)
            #expect(tokyo[1]["rain_12_18"] as? Int == 20)
            let okayama = try #require(array[1]["days"] as? [[String: Any]])
            #expect(okayama[0]["max_c"] is NSNull)
            #expect(okayama[1]["min_c"] as? Int == -1)
        }
    }

    @Test("One faulted city: exit 1, one stderr line for it, every other city's rows", arguments: [false, true])
    func oneFault(parallel: Bool) async throws {
        try await withMock(MockConfiguration(faultsByCity: ["090010": FaultRule(.status(503))])) { _, env in
            let args = (parallel ? ["-p"] : []) + ["--source", "tsukumijima", "--retries", "1", "130010", "090010", "140010"]
            let result = try await forecast(args, environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 090010 宇都宮: HTTP 503 after 2 attempts\n")
            #expect(result.stdout == golden)
        }
    }

    @Test("The API's error body and an HTML page are reported in words", arguments: [
        (Fault.apiError("Request to JMA API failed (HTTP Error 500)"), "forecast: 130010 東京: the API said \"Request to JMA API failed (HTTP Error 500)\"\n"),
        (Fault.html, "forecast: 130010 東京: the response was an HTML page, not JSON\n"),
    ])
    func reportedErrors(fault: Fault, line: String) async throws {
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(fault)])) { _, env in
            let result = try await forecast(["--source", "tsukumijima", "--retries", "0", "130010"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == line)
            #expect(result.stdout == "id\tcity\tprefecture\tdate\tday\ttelop\tmin_c\tmax_c\train_00_06\train_06_12\train_12_18\train_18_24\n")
        }
    }

    @Test("An unknown city or a malformed ID: exit 64 and not one request", arguments: [
        ["130010", "東京都庁"], ["13001"], ["130010", "999999"], ["--days", "9", "130010"], ["abc"], ["tokio", "130010"],
        ["-x"], ["--refresh", "--no-cache", "130010"],
    ])
    func usageErrors(arguments: [String]) async throws {
        try await withMock { mock, env in
            let result = try await forecast(arguments, environment: env)
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("forecast: "))
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test("Romaji, kana and English names and a prefecture, end to end, with the config file's format; -v names the file")
    func namesAndConfig() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-config-\(getpid())")
        try "# test defaults\n--format=line\n大阪\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        try await withMock { mock, env in
            var env = env
            env["FORECAST_CONFIG"] = config.path
            let named = try await forecast(["-v", "tokyo", "ヨコハマ", "Okayama"], environment: env)
            #expect(named.status == 0)
            #expect(withoutOldDataMarks(named.stdout) == "東京 晴のち曇 -/27°C 10%\n横浜 晴のち曇 -/26°C 10%\n岡山 晴れ -/-°C 0%\n")
            #expect(named.stderr.hasPrefix("forecast: defaults read from \(config.path)\n"))
            let fromFile = try await forecast([], environment: env)
            #expect(fromFile.stdout.hasPrefix("大阪 "))
            let before = mock.stats().requestsServed
            let tokio = try await forecast(["tokio"], environment: env)
            #expect(tokio.status == 64)
            #expect(tokio.stderr.contains("did you mean Tokyo / 東京 (130010)?"))
            #expect(mock.stats().requestsServed == before)
        }
    }

    @Test("A cache that cannot be written: the forecast as usual, exit 0, and -v says why nothing was stored")
    func unwritableCacheSaysWhyUnderVerbose() async throws {
        try await withMock { _, env in
            var env = env
            let file = try #require(env["FORECAST_CACHE_DIR"]) + "/file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data()))
            env["FORECAST_CACHE_DIR"] = file + "/cache"
            let quiet = try await forecast(["-f", "line", "横浜"], environment: env)
            #expect(quiet.status == 0)
            #expect(withoutOldDataMarks(quiet.stdout) == "横浜 晴のち曇 -/26°C 10%\n")
            #expect(quiet.stderr == "")
            let verbose = try await forecast(["-v", "-f", "line", "横浜"], environment: env)
            #expect(verbose.status == 0)
            #expect(verbose.stdout == quiet.stdout)
            #expect(verbose.stderr.contains(", cache miss, "))
            #expect(verbose.stderr.contains(", not cached: Not a directory"))
        }
    }

    @Test("`forecast cities 沖縄 | forecast -` fetches the seven cities, comments skipped")
    func citiesPipedIn() async throws {
        try await withMock { _, env in
            let listed = try await forecast(["cities", "沖縄"])
            let result = try await forecast(["-f", "line", "-"], environment: env, stdin: "# Okinawa\n" + listed.stdout)
            #expect(result.status == 0)
            let names: [String] = result.stdout.split(separator: "\n").map { line in String(line.prefix { $0 != " " }) }
            #expect(names == ["那覇", "名護", "久米島", "南大東", "宮古島", "石垣島", "与那国島"])
        }
    }

    @Test("Cities from standard input, mixed with arguments")
    func standardInput() async throws {
        try await withMock { _, env in
            let result = try await forecast(["-f", "line", "130010", "-"], environment: env, stdin: "140010\n 岡山\t\n")
            #expect(result.status == 0)
            #expect(withoutOldDataMarks(result.stdout) == "東京 晴のち曇 -/27°C 10%\n横浜 晴のち曇 -/26°C 10%\n岡山 晴れ -/-°C 0%\n")
        }
    }

    @Test("A second run is served by the cache with zero requests; --refresh and --no-cache fetch")
    func cache() async throws {
        try await withMock { mock, env in
            let first = try await forecast(["130010", "140010"], environment: env)
            #expect(mock.stats().requestsServed == 2)
            let second = try await forecast(["130010", "140010"], environment: env)
            #expect(second.stdout == first.stdout)
            #expect(mock.stats().requestsServed == 2, "the second run asked the server")
            _ = try await forecast(["--refresh", "130010"], environment: env)
            #expect(mock.stats().requestsServed == 3)
            _ = try await forecast(["--no-cache", "130010"], environment: env)
            #expect(mock.stats().requestsServed == 4)
        }
    }

    @Test("Colour on a terminal, not with NO_COLOR; the progress line is erased")
    func terminal() async throws {
        try await withMock { _, env in
            // `script` runs the command on a pseudo-terminal, so stdout and stderr are terminals.
            let command = "\(forecastBinary.path) --no-cache 130010 140010 090010 330010"
            let script = URL(fileURLWithPath: "/usr/bin/script")
            // A terminal that understands colour and erase-line, whatever this test runs under.
            var env = env
            env["TERM"] = "xterm-256color"
            let colored = try await CommandProcess(["-qfec", command, "/dev/null"], environment: env, executable: script).finish()
            #expect(colored.status == 0)
            #expect(colored.stdout.contains("\u{1B}[33m晴のち曇"), "table in colour on a terminal")
            #expect(colored.stdout.contains("\r\u{1B}[Kforecast: 1/4 cities"), "a progress line on the terminal")
            // The last progress text is erased before the last city's rows, and nothing redraws it.
            let lastProgress = try #require(colored.stdout.range(of: "forecast: 3/4 cities", options: .backwards))
            let afterProgress = colored.stdout[lastProgress.upperBound...]
            #expect(afterProgress.hasPrefix("\r\u{1B}[K"), "the progress line is erased")
            #expect(afterProgress.contains("330010"), "the last city is printed after the erase")
            #expect(!afterProgress.contains("cities"), "no progress line after the last city")
            // stdout into a pipe whose reader writes to the same terminal: no progress line
            // to run into the reader's output.
            let piped = try await CommandProcess(["-qfec", command + " | cat", "/dev/null"], environment: env, executable: script).finish()
            #expect(piped.stdout.contains("130010\t東京"), "TSV through the pipe")
            #expect(!piped.stdout.contains("cities"), "no progress line when stdout is a pipe")
            var dumb = env
            dumb["TERM"] = "dumb"
            let plainTerminal = try await CommandProcess(["-qfec", command, "/dev/null"], environment: dumb, executable: script).finish()
            #expect(!plainTerminal.stdout.contains("\u{1B}["), "no escape sequences at all with TERM=dumb")
            var noColor = env
            noColor["NO_COLOR"] = "1"
            let plain = try await CommandProcess(["-qfec", command, "/dev/null"], environment: noColor, executable: script).finish()
            #expect(plain.status == 0)
            #expect(plain.stdout.contains("晴のち曇"))
            #expect(!plain.stdout.contains("\u{1B}[3"), "no colour with NO_COLOR")
        }
    }

    @Test("Ctrl-C during a stalled fetch: exit 130 within 200 ms, the connection closed at the server")
    func interrupt() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["140010": FaultRule(.stall)])) { mock, env in
            let process = try CommandProcess(["--no-cache", "130010", "140010"], environment: env)
            let stalled = await eventually {
                mock.stats().inFlight > 0 && mock.stats().requestsByCity["140010"] != nil
            }
            guard stalled else { Issue.record("never reached the stall"); return }
            let sent = ContinuousClock.now
            process.interrupt()
            let result = try await process.finish()
            // From the signal to the end as the child's watching thread saw it, not to when this
            // task next had a thread.
            let elapsed = try #require(process.child.endedAt) - sent
            #expect(result.status == 130)
            #expect(!result.signalled)
            // Under a sanitizer, within the session thread's next wake-up (see `Sanitizer`).
            #expect(elapsed < (Sanitizer.isActive ? .milliseconds(1500) : .milliseconds(200)), "took \(elapsed)")
            #expect(result.stdout.hasPrefix("id\tcity"))
            #expect(result.stdout.contains("130010\t東京"))
            #expect(!result.stderr.contains("cancelled"))
            #expect(await eventually { mock.stats().inFlight == 0 }, "the server still holds the stalled request")
        }
    }

    @Test("A closed stdout pipe ends quietly", arguments: [["-p"], []])
    func closedPipe(mode: [String]) async throws {
        // With latency, `head` has read the header and gone before the first city's rows are
        // written, so that write meets a closed pipe (without it, every row could fit in the
        // pipe's buffer before `head` exits and nothing would be tested).
        try await withMock(MockConfiguration(latency: .milliseconds(200))) { _, env in
            let shell = URL(fileURLWithPath: "/bin/bash")
            let all = CityArguments.hokkaido.joined(separator: " ")
            let result = try await CommandProcess(
                // The test runner ignores SIGPIPE and a child inherits that; a shell gives the
                // default action, which would kill a forecast that did not handle it.
                ["-c", "set -o pipefail; env --default-signal=PIPE \(forecastBinary.path) --no-cache \(mode.joined()) \(all) | head -1"],
                environment: env, executable: shell).finish()
            #expect(result.stdout == "id\tcity\tprefecture\tdate\tday\ttelop\tmin_c\tmax_c\train_00_06\train_06_12\train_12_18\train_18_24\n")
            #expect(result.stderr == "")
            #expect(result.status == 0)
        }
    }

    @Test("`forecast cities` lists the catalog, filtered by a query")
    func cities() async throws {
        let all = try await forecast(["cities"])
        #expect(all.status == 0)
        #expect(all.stdout.split(separator: "\n").count == 143)
        #expect(all.stdout.hasPrefix("id\tcity\tprefecture\tcity_en\tprefecture_en\tlatitude\tlongitude\n011000\t稚内\t北海道\tWakkanai\tHokkaido\t45.4150\t141.6783\n"))
        let tokyo = try await forecast(["cities", "--no-header", "東京"])
        #expect(tokyo.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(4).joined(separator: " ") } == [
            "130010 東京 東京都 Tokyo", "130020 大島 東京都 Oshima Island", "130030 八丈島 東京都 Hachijojima Island",
            "130040 父島 東京都 Chichijima Island",
        ])
        let romaji = try await forecast(["cities", "--no-header", "yokohama"])
        #expect(romaji.stdout == "140010\t横浜\t神奈川県\tYokohama\tKanagawa\t35.4383\t139.6517\n")
        let none = try await forecast(["cities", "ロンドン"])
        #expect(none.status == 64)
        #expect(none.stderr == "forecast: no city matches \"ロンドン\"\n")
    }

    @Test("--version and --help")
    func versionAndHelp() async throws {
        let version = try await forecast(["--version"])
        #expect(version.status == 0)
        // "forecast 0.3.0 (built with libcurl 7.88.1)": the package's one version, then the libcurl of the headers.
        #expect(version.stdout == ForecastVersion.versionLine + "\n")
        #expect(version.stdout.wholeMatch(of: /forecast \d+\.\d+\.\d+ \(built with libcurl \d+\.\d+\.\d+\)\n/) != nil, "\(version.stdout)")
        // With -v, the libcurl the binary loaded: "forecast 0.3.0 (libcurl/7.88.1 OpenSSL/3.0.17 nghttp2/1.52.0)".
        let loaded = try await forecast(["-v", "--version"])
        #expect(loaded.stdout.hasPrefix("forecast \(ForecastVersion.current) (libcurl/") && loaded.stdout.hasSuffix(")\n"))
        #expect(loaded.stdout.contains(" nghttp2/") || loaded.stdout.contains(" no HTTP/2"))
        // With another argument it is still the version, the same line.
        let parsed = try await forecast(["--version", "130010"])
        #expect(parsed.status == 0)
        #expect(parsed.stdout == version.stdout)
        let help = try await forecast(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: forecast [options] <city>..."))
        #expect(help.stdout.contains("--parallel"))
        #expect(help.stdout.contains("Examples:"))
    }
}

enum CityArguments {
    static let hokkaido = ["011000", "012010", "012020", "013010", "013020", "013030", "014010", "014020",
                           "014030", "015010", "015020", "016010", "016020", "016030", "017010", "017020"]
}
