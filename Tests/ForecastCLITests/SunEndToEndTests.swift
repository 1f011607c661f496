import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// `forecast sun`, end to end: the built binary's formats, a year of days, its usage errors,
/// that it asks nothing of the network whatever the environment says, and `%S` and `%s` in the
/// other commands' templates against the mock.
@Suite("forecast sun, end to end", .enabled(if: !Sanitizer.isActive, "its dozens of forecast processes would starve the sanitized suite, whose timing tests then fail; the plain suite runs it"))
struct SunEndToEndTests {
    /// Runs `forecast` to its end, with time to spare on a busy machine.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
        try await CommandProcess(arguments, environment: environment).finish(timeout: .seconds(120))
    }

    /// The lines of a text, without the empty one after its last newline.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The usage line a usage error of the sun ends with.
    static let usage = "forecast: usage: forecast sun [options] <city>... (see forecast sun --help)\n"

    /// The solstice's TSV of 東京 and 大阪, as every run with no hostile variable prints it.
    static let solsticeTSV = """
        id\tcity\tprefecture\tdate\tsunrise\tsunset\tdaylight
        130010\t東京\t東京都\t2026-06-21\t04:25\t19:00\t14:35
        270000\t大阪\t大阪府\t2026-06-21\t04:45\t19:14\t14:29

        """

    @Test("TSV, JSON with the coordinates, the line of three days and a template, on the solstice of 2026")
    func formats() async throws {
        let tsv = try await Self.run(["sun", "--date", "2026-06-21", "東京", "大阪"])
        #expect(tsv.status == 0 && tsv.stderr == "", "\(tsv.stderr)")
        #expect(tsv.stdout == Self.solsticeTSV)

        let json = try await Self.run(["sun", "-f", "json", "--date", "2026-06-21", "東京"])
        #expect(json.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1 && Set(array[0].keys) == ["id", "city", "prefecture", "latitude", "longitude", "days"])
        #expect(array[0]["id"] as? String == "130010" && array[0]["city"] as? String == "東京" && array[0]["prefecture"] as? String == "東京都")
        #expect(array[0]["latitude"] as? Double == 35.6917 && array[0]["longitude"] as? Double == 139.75)
        #expect(array[0]["days"] as? [[String: String]] == [["date": "2026-06-21", "sunrise": "2026-06-21T04:25:00+09:00", "sunset": "2026-06-21T19:00:00+09:00", "daylight": "14:35"]])

        let line = try await Self.run(["sun", "-f", "line", "--days", "3", "--date", "2026-06-21", "東京", "大阪"])
        #expect(line.stdout == """
            東京 ↑04:25 ↓19:00 | 06-22 ↑04:26 ↓19:00 | 06-23 ↑04:26 ↓19:00
            大阪 ↑04:45 ↓19:14 | 06-22 ↑04:45 ↓19:14 | 06-23 ↑04:46 ↓19:15

            """ && line.status == 0)

        let template = try await Self.run(["sun", "-f", "%l %S %s", "--lang", "en", "--date", "2026-06-21", "-d", "2", "tokyo"])
        #expect(template.stdout == "Tokyo 04:25 19:00\nTokyo 04:26 19:00\n" && template.status == 0)
    }

    @Test("The table at 40, 80 and 120 columns: every line within the width, the footer naming each city's point; English headers with --lang en")
    func table() async throws {
        for (columns, language) in [(40, "ja"), (80, "ja"), (120, "ja"), (40, "en"), (120, "en")] {
            let result = try await Self.run(
                ["sun", "-f", "table", "--lang", language, "--days", "2", "--date", "2026-06-21", "東京", "大阪"],
                environment: ["COLUMNS": String(columns)])
            #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(language) at \(columns):\n\(result.stdout)")
            #expect(!result.stdout.contains("\u{1B}"), "no colour into a file")
            let (lead, tokyo, osaka) = language == "ja" ? ("地点", "東京", "大阪") : ("At", "Tokyo", "Osaka")
            #expect(lines.suffix(2) == ["\(lead) 35.6917N 139.7500E: \(tokyo)", "\(lead) 34.6817N 135.5183E: \(osaka)"], "\(result.stdout)")
            #expect(["04:25", "19:00", "04:26", "04:45", "19:14"].allSatisfy(result.stdout.contains), "\(result.stdout)")
            let header = try #require(lines.first)
            let titles = language == "ja" ? ["日付", "日の出", "日の入り"] : ["date", "sunrise", "sunset"]
            #expect(titles.allSatisfy(header.contains), "\(header)")
            if language == "en" {
                #expect(!header.contains("日"), "\(header)")
            }
            if columns == 120 {
                #expect(result.stdout.contains("14:35") && header.contains(language == "ja" ? "昼の長さ" : "daylight"), "\(result.stdout)")
            }
        }
        let one = try await Self.run(["sun", "-f", "table", "--date", "2026-06-21", "東京"], environment: ["COLUMNS": "80"])
        #expect(one.stdout.split(separator: "\n").last == "地点 35.6917N 139.7500E", "\(one.stdout)")
    }

    @Test("--days 366: 366 rows a city on consecutive dates across the years' ends and a 29 February; without --date, today in Japan")
    func aYearAndToday() async throws {
        let year = try await Self.run(["sun", "--date", "2027-12-31", "--days", "366", "-f", "tsv", "東京", "那覇"])
        #expect(year.status == 0 && year.stderr == "", "\(year.stderr)")
        let lines = Self.lines(year.stdout)
        #expect(lines.count == 1 + 2 * 366)
        let calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
            return calendar
        }()
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = calendar.timeZone
        formatter.formatOptions = [.withFullDate]
        var expected: [String] = []
        var date = try #require(formatter.date(from: "2027-12-31"))
        for _ in 0..<366 {
            expected.append(formatter.string(from: date))
            date = try #require(calendar.date(byAdding: .day, value: 1, to: date))
        }
        #expect(expected.contains("2028-02-29") && expected.last == "2028-12-30")
        for (id, rows) in [("130010", lines[1...366]), ("471010", lines[367...])] {
            let fields = rows.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(fields.allSatisfy { $0.count == 7 && $0[0] == Substring(id) }, "\(id)")
            #expect(fields.map { String($0[3]) } == expected, "\(id): the dates follow each other")
        }

        let before = todayInJapan()
        let today = try await Self.run(["sun", "-f", "%d %S %s", "東京"])
        let after = todayInJapan()
        #expect(today.status == 0)
        let printed = try #require(Self.lines(today.stdout).first?.split(separator: " ").first.map(String.init))
        #expect([before, after].contains(printed) && Self.lines(today.stdout).count == 1, "\(today.stdout): today is \(before)")
    }

    @Test("Usage errors end with 64, the message naming the value, and the command's usage", arguments: [
        (["sun", "--date", "2026-02-30", "東京"], "forecast: --date must be a date of the calendar as YYYY-MM-DD, and 2026-02-30 is none (got 2026-02-30)\n" + SunEndToEndTests.usage),
        (["sun", "--days", "367", "東京"], "forecast: --days must be from 1 to 366 (got 367)\n" + SunEndToEndTests.usage),
        (["sun", "--watch", "東京"], "forecast: --watch does not apply to `forecast sun`\n" + SunEndToEndTests.usage),
        (["sun", "-f", "waybar", "東京"], "forecast: `forecast sun` prints table, tsv, json, line or a template (got --format waybar)\n" + SunEndToEndTests.usage),
        (["--days", "5", "東京"], "forecast: --days must be 1, 2 or 3 (got 5)\nforecast: usage: forecast [options] <city>... (see forecast --help)\n"),
    ])
    func usageErrors(arguments: [String], stderr: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64 && result.stdout == "")
        #expect(result.stderr == stderr)
    }

    @Test("No request and no cache: with the mock named, nothing reaches it and the cache folder stays empty; the config file's network options are left out")
    func noRequest() async throws {
        try await withMock { mock, env in
            let result = try await Self.run(["sun", "--date", "2026-06-21", "東京", "大阪"], environment: env)
            #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
            #expect(result.stdout == Self.solsticeTSV)

            try await withTemporaryFolder(prefix: "forecast-sun-config") { folder in
                let config = folder.path("config")
                try "--parallel\n--timeout 3\n--no-cache\n-f detail\n大阪\n".write(toFile: config, atomically: true, encoding: .utf8)
                var environment = env
                environment["FORECAST_CONFIG"] = config
                let configured = try await Self.run(["sun", "--date", "2026-06-21"], environment: environment)
                #expect(configured.status == 0 && configured.stderr == "", "\(configured.stderr)")
                #expect(Self.lines(configured.stdout) == Self.lines(Self.solsticeTSV).enumerated().filter { $0.offset != 1 }.map(\.element))
            }

            let stats = mock.stats()
            #expect(stats.requestsServed == 0 && stats.connectionsAccepted == 0, "\(stats)")
            let cache = try #require(env["FORECAST_CACHE_DIR"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty, "nothing cached")
        }
    }

    @Test("A hostile environment (no URL, no CA file, a dead proxy, an unwritable cache) changes nothing: exit 0, the same times")
    func hostileEnvironment() async throws {
        let result = try await Self.run(["sun", "--date", "2026-06-21", "東京", "大阪"], environment: [
            "FORECAST_BASE_URL": "garbage", "FORECAST_JMA_URL": "ftp://x",
            "SSL_CERT_FILE": "/nonexistent", "SSL_CERT_DIR": "/nonexistent", "CURL_CA_BUNDLE": "/nonexistent",
            "https_proxy": "http://127.0.0.1:1", "http_proxy": "http://127.0.0.1:1", "HTTPS_PROXY": "http://127.0.0.1:1",
            "ALL_PROXY": "http://127.0.0.1:1",
            // Under /dev/null no one can make a folder, root included.
            "FORECAST_CACHE_DIR": "/dev/null/forecast", "XDG_CACHE_HOME": "/dev/null",
        ])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        #expect(result.stdout == Self.solsticeTSV)
    }

    @Test("%S and %s in the other commands: each row's own day in the 3-day forecast and the week, the observation's day in `now`, today in `warnings`; - for a failed city")
    func otherCommands() async throws {
        // 那覇 fails everywhere: the API, its office's files, its warning file; 銚子's station
        // is not in the observations' file.
        let configuration = MockConfiguration(
            faultsByCity: ["471010": FaultRule(.status(503))],
            faultsBySource: ["office": ["471000": FaultRule(.status(503))], "warning": ["471000": FaultRule(.status(503))]],
            stampsRelease: true)
        try await withMock(configuration) { _, env in
            /// (city, date) → "sunrise sunset", as a command printed them.
            var printed: [String: String] = [:]
            var dates: Set<String> = []
            func record(_ city: Substring, _ date: Substring, _ sunrise: Substring, _ sunset: Substring, _ line: String) {
                let key = "\(city) \(date)"
                let times = "\(sunrise) \(sunset)"
                #expect(printed[key] == nil || printed[key] == times, "\(line) against \(printed[key] ?? "")")
                printed[key] = times
                dates.insert(String(date))
            }

            let forecast = try await Self.run(["--retries", "0", "-f", "%l %d ↑%S ↓%s", "-d", "3", "東京", "大阪", "那覇"], environment: env)
            #expect(forecast.status == 1)
            let forecastLines = Self.lines(forecast.stdout)
            #expect(forecastLines.count == 7 && forecastLines.last == "那覇 ? ↑? ↓?", "\(forecast.stdout)\(forecast.stderr)")
            for line in forecastLines.dropLast() {
                let fields = line.split(separator: " ")
                guard fields.count == 4, fields[2].hasPrefix("↑"), fields[3].hasPrefix("↓") else {
                    Issue.record("not a line of the template: \(line)")
                    continue
                }
                record(fields[0], fields[1], fields[2].dropFirst(), fields[3].dropFirst(), line)
            }
            #expect(Set(forecastLines.dropLast().map { $0.split(separator: " ")[1] }).count == 3, "three days: \(forecast.stdout)")

            let week = try await Self.run(["week", "--retries", "0", "-f", "%l %d %S %s", "東京", "那覇"], environment: env)
            #expect(week.status == 1)
            let weekLines = Self.lines(week.stdout)
            #expect(weekLines.count == 8 && weekLines.last == "那覇 ? ? ?", "\(week.stdout)\(week.stderr)")
            let now = try await Self.run(["now", "-f", "%l %d %S %s", "東京", "銚子"], environment: env)
            #expect(now.status == 1)
            let nowLines = Self.lines(now.stdout)
            #expect(nowLines.count == 2 && nowLines.last == "銚子 ? ? ?", "\(now.stdout)\(now.stderr)")
            for line in weekLines.dropLast() + nowLines.dropLast() {
                let fields = line.split(separator: " ")
                guard fields.count == 4 else {
                    Issue.record("not a line of the template: \(line)")
                    continue
                }
                record(fields[0], fields[1], fields[2], fields[3], line)
            }

            let before = todayInJapan()
            let warnings = try await Self.run(["warnings", "--retries", "0", "-f", "%l %S %s", "東京", "那覇"], environment: env)
            let after = todayInJapan()
            #expect(warnings.status == 1)
            let warningLines = Self.lines(warnings.stdout)
            #expect(warningLines.count == 2 && warningLines.last == "那覇 ? ?", "\(warnings.stdout)\(warnings.stderr)")
            dates.formUnion([before, after])

            // What `forecast sun` prints for every day seen, in one run.
            let first = try #require(dates.min()), last = try #require(dates.max())
            let span = try #require(SunDay.day(of: last)) - (try #require(SunDay.day(of: first))) + 1
            #expect((7...9).contains(span), "\(dates.sorted())")
            let sun = try await Self.run(["sun", "--date", first, "--days", String(span), "-f", "%l %d %S %s", "東京", "大阪"], environment: env)
            #expect(sun.status == 0)
            var computed: [String: String] = [:]
            for line in Self.lines(sun.stdout) {
                let fields = line.split(separator: " ")
                computed["\(fields[0]) \(fields[1])"] = "\(fields[2]) \(fields[3])"
            }
            #expect(printed.count >= 7 + 3, "東京's seven days, 大阪's three: \(printed)")
            for (key, times) in printed {
                #expect(computed[key] == times, "\(key): \(times) in a template, \(computed[key] ?? "nothing") from forecast sun")
            }
            let todays = [before, after].compactMap { computed["東京 \($0)"].map { "東京 \($0)" } }
            #expect(todays.contains(try #require(warningLines.first)), "\(warningLines) against \(todays)")
        }
    }
}
