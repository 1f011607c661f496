import Forecast
import Foundation
@testable import ForecastCLI
import MockAPI
import Testing
import TestSupport

/// Issue "A new user's first hour": the surprises a new user hit, each with the test that
/// failed before it was mended.
@Suite("A new user's first hour")
struct NewUserTests {
    @Test("--help: the first 24 lines have the usage, three examples, -p -j -f -d --lang and where to read the rest")
    func helpFirstScreen() async throws {
        let help = try await forecast(["--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let screen = lines.prefix(24).joined(separator: "\n")
        #expect(screen.hasPrefix("Usage: forecast [options] <city>..."))
        for example in HelpText.firstExamples {
            #expect(screen.contains(example.command), "\(example.command)")
        }
        for option in ["-p, --parallel", "-j, --jobs N", "-f, --format F", "-d, --days N", "--lang ja|en"] {
            #expect(screen.contains(option), "\(option)")
        }
        #expect(screen.contains("man forecast"))
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "no help line is wider than 80 columns")
        // Before: "auto, always or never. (values: auto, always, never; default: auto)".
        for line in lines where line.contains("default") {
            #expect(line.components(separatedBy: "default").count == 2, "a default said twice: \(line)")
        }
        #expect(!help.stdout.contains("(values:"))
    }

    @Test("The examples of --help print what the tool prints (before: 晴時々曇 where the output is 晴のち曇)")
    func helpExamples() async throws {
        try await withMock { _, env in
            for example in HelpText.firstExamples + HelpText.moreExamples where example.isOutput {
                let result = try await inTerminal(example.command + " | cat", environment: env)
                #expect(withoutOldDataMarks(result.stdout).split(separator: "\n").first.map(String.init) == example.result, "\(example.command)")
            }
        }
    }

    @Test("forecast-mock --help says each default once (before: (default: h2,http/1.1) twice)")
    func mockHelp() async throws {
        let mock = forecastBinary.deletingLastPathComponent().appendingPathComponent("forecast-mock")
        let help = try await CommandProcess(["--help"], executable: mock).finish()
        #expect(help.status == 0)
        #expect(help.stdout.components(separatedBy: "h2,http/1.1").count == 2, "\(help.stdout)")
    }

    @Test("The parser's own texts fail into a full disk with 74, and end quietly into a closed pipe", arguments: [
        ["--help"], ["cities", "--help"], ["--generate-completion-script", "bash"], ["--generate-completion-script", "zsh"],
        ["--version"],
    ])
    func parserTextsOutput(arguments: [String]) async throws {
        // Before: exit 0 into /dev/full, and 141 (SIGPIPE) into `head -1`.
        let full = try await forecast(arguments, stdoutPath: "/dev/full")
        #expect(full.status == 74, "\(arguments)")
        #expect(full.stderr == "forecast: cannot write the output: No space left on device\n")
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let piped = try await inTerminal("forecast \(quoted) | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}")
        #expect(piped.status == 0, "\(arguments): \(piped.stdout)")
    }

    @Test("On a terminal a failed city's line follows the table; into a pipe it comes as the city fails")
    func failureLinesAfterTheTable() async throws {
        let faults = ["140010": FaultRule(.status(503))]
        try await withMock(MockConfiguration(faultsByCity: faults)) { _, env in
            var env = env
            env["NO_COLOR"] = "1"
            env["COLUMNS"] = "80"
            let failure = "forecast: 140010 横浜: HTTP 503"
            // Before: the line landed above 横浜's `failed:` row, in the middle of the table.
            let terminal = try await inTerminal("forecast --source tsukumijima --retries 0 -f table -d 1 130010 140010 330010", environment: env)
            #expect(terminal.status == 1)
            let footer = try #require(terminal.stdout.range(of: "発表"))
            let line = try #require(terminal.stdout.range(of: failure))
            #expect(line.lowerBound > footer.lowerBound, "\(terminal.stdout)")
            #expect(terminal.stdout.hasSuffix(failure + "\n"))
            // Into a pipe (stdout and stderr the same pipe here), the line comes before the
            // next city's output, as soon as 横浜 has failed.
            let piped = try await inTerminal("forecast --source tsukumijima --retries 0 -f line 130010 140010 330010 2>&1 | cat", environment: env)
            #expect(withoutOldDataMarks(piped.stdout) == "東京 晴のち曇 -/27°C 10%\n\(failure)\n横浜 (failed)\n岡山 晴れ -/-°C 0%\n")
        }
    }

    @Test("`forecast --lang en cities 47` lists in English; -f json gives the objects (before: no city is called \"cities\")")
    func citiesOptions() async throws {
        let english = try await forecast(["--lang", "en", "cities", "47"])
        #expect(english.status == 0)
        // One column order in both languages (issue 41, 4; before: `471010 Naha Okinawa 那覇`).
        #expect(english.stdout.hasPrefix("id\tcity\tprefecture\tcity_en\tprefecture_en\tlatitude\tlongitude\n471010\t那覇\t沖縄県\tNaha\tOkinawa\t"))
        let json = try await forecast(["cities", "-f", "json", "那覇"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?.compactMapValues { $0 as? String } == [
            "id": "471010", "city": "那覇", "prefecture": "沖縄県", "city_en": "Naha", "prefecture_en": "Okinawa",
        ])
        #expect(array.first?["latitude"] as? Double == 26.2067 && array.first?["longitude"] as? Double == 127.6867)
        let refused = try await forecast(["--watch", "cities"])
        #expect(refused.status == 64 && refused.stderr.contains("--watch does not apply to `forecast cities`"))
    }

    @Test("A body cut short is retried like a reset, and says after how many attempts (before: one attempt)")
    func truncatedBodyRetried() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.truncated)])) { mock, env in
            // A timeout far above what noticing a cut body takes: under a sanitizer on a busy
            // machine the default 15 s ran out first.
            let result = try await forecast(["--source", "tsukumijima", "--timeout", "600", "-f", "json", "130010"], environment: env)
            #expect(result.status == 1)
            #expect(mock.stats().requestsByCity["130010"] == 3)
            #expect(result.stderr.hasPrefix("forecast: 130010 東京: the response was cut short ("))
            #expect(result.stderr.hasSuffix(" after 3 attempts\n"), "\(result.stderr)")
            #expect(result.stdout.contains("\"error_kind\": \"connection\""))
        }
        // Cut short only the first time: the retry brings the forecast.
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.truncated, firstAttempts: 1)])) { _, env in
            let result = try await forecast(["-f", "line", "130010"], environment: env)
            #expect(result.status == 0 && withoutOldDataMarks(result.stdout) == "東京 晴のち曇 -/27°C 10%\n" && result.stderr == "")
        }
    }

    @Test(
        "A proxy that refuses the tunnel says so, once, as error_kind proxy (before: a reset, after 3 attempts)",
        .enabled(if: TinyProxy.executable != nil, "tinyproxy is not installed (apt-get install tinyproxy)"))
    func proxyRefusesTunnel() async throws {
        // Given tinyproxy allowing CONNECT to port 443 only, https_proxy pointing at it, and an
        // HTTPS base URL on another port
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        try #require(await eventually { proxy.acceptsConnections() }, "tinyproxy did not start:\n\(proxy.log)")
        try await withTemporaryFolder(prefix: "forecast-proxy") { folder in
            try MockCertificates.writeCertificateAuthority(to: folder.path("ca.pem"))
            try await MockServer.withServer(tls: MockTLS()) { mock in
                let env = ["FORECAST_BASE_URL": mock.baseURL, "FORECAST_CACHE_DIR": folder.path("cache"),
                           "https_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "", "NO_PROXY": ""]
                // (the API alone: the agency's file would fail beside it, and say so on the same line)
                let result = try await forecast(
                    ["--source", "tsukumijima", "--cacert", folder.path("ca.pem"), "-f", "json", "130010"], environment: env)
                // Then one attempt, a message that names the proxy and its answer, and its own kind
                #expect(result.status == 1)
                #expect(result.stderr == "forecast: 130010 東京: the proxy refused the tunnel: HTTP 403\n")
                #expect(result.stdout.contains("\"error_kind\": \"proxy\""))
                #expect(proxy.connectRequests == 1, "tinyproxy's log:\n\(proxy.log)")
                #expect(mock.stats().connectionsAccepted == 0)
            }
        }
    }
}
