import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Issue "The week ahead": `forecast week`, `--source` and the agency's files, end to end
/// against the mock, which stamps its files with the last release before the real clock so
/// that their days are this week's.
@Suite("The week ahead, end to end")
struct WeekEndToEndTests {
    static let stamped = MockConfiguration(stampsRelease: true)

    static func stamped(faultsByCity: [String: FaultRule] = [:], faultsByOffice: [String: FaultRule] = [:]) -> MockConfiguration {
        MockConfiguration(faultsByCity: faultsByCity, faultsBySource: ["office": faultsByOffice], stampsRelease: true)
    }

    @Test("All 142 cities: one request per office, 56 in all; TSV rows of seven days in input order")
    func allCities() async throws {
        try await withMock(Self.stamped) { mock, env in
            // A long timeout: through ThreadSanitizer, 50 files at once from the sanitized mock
            // once took one past the default 15 s, and its retry counted as a second request.
            let arguments = ["week", "-p", "-j", "50", "--timeout", "120"] + CityCatalog.all.map(\.id)
            let result = try await forecast(arguments, environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(mock.stats().requestsBySource["office"]?.count == 56)
            #expect(mock.stats().requestsBySource["office"]?.values.allSatisfy { $0 == 1 } == true)
            #expect(mock.stats().requestsByCity.isEmpty, "the week asks the API nothing")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.first == "id\tcity\tprefecture\tdate\tweekday\ttelop\tmin_c\tmax_c\train\treliability")
            let ids = lines.dropFirst().map { String($0.prefix { $0 != "\t" }) }
            var order: [String] = []
            for id in ids where order.last != id { order.append(id) }
            #expect(order == CityCatalog.all.map(\.id))
            #expect(lines.dropFirst().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 10 })
        }
    }

    @Test("The week's JSON names its source, office and temperature point; a second run is the cache's")
    func jsonAndCache() async throws {
        try await withMock(Self.stamped) { mock, env in
            let result = try await forecast(["week", "-f", "json", "130010", "140010"], environment: env)
            #expect(result.status == 0)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array.map { $0["id"] as? String } == ["130010", "140010"])
            #expect(array.allSatisfy { $0["source"] as? String == "jma" })
            #expect(array[0]["office"] as? String == "130000")
            #expect((array[0]["temperature_point"] as? [String: Any])?["code"] as? String == "44132")
            #expect((array[0]["days"] as? [Any])?.count == 7)
            #expect(mock.stats().requestsBySource["office"] == ["130000": 1, "140000": 1])
            let again = try await forecast(["week", "-f", "json", "130010", "140010"], environment: env)
            #expect(again.stdout == result.stdout)
            #expect(mock.stats().requestsBySource["office"] == ["130000": 1, "140000": 1], "served from the cache")
            let folder = try #require(env["FORECAST_CACHE_DIR"]) + "/jma"
            #expect(FileManager.default.fileExists(atPath: folder), "the agency's files have a folder of their own")
        }
    }

    @Test("An office's file that fails fails its cities in words, exit 1; every other city prints, in order", arguments: [
        (FaultRule(.status(503)), "HTTP 503 after 3 attempts"),
        (FaultRule(.agencyOneReport), "not two: no weekly forecast"),
        (FaultRule(.agencyShortSeries), "values for"),
        (FaultRule(.malformedJSON), "not valid JSON"),
        (FaultRule(.oversize(bytes: 2 << 20)), "larger than the 1048576-byte limit"),
    ])
    func officeFaults(fault: FaultRule, words: String) async throws {
        try await withMock(Self.stamped(faultsByOffice: ["130000": fault])) { _, env in
            let result = try await forecast(["week", "-f", "line", "130010", "140010", "130030"], environment: env)
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines[0] == "東京 (failed)" && lines[1].hasPrefix("横浜 ") && lines[2] == "八丈島 (failed)", "\(result.stdout)")
            let errors = result.stderr.split(separator: "\n")
            #expect(errors.count == 2)
            #expect(errors.allSatisfy { $0.contains(words) }, "\(result.stderr)")
        }
    }

    @Test("A stalled office's file fails its cities at the timeout; the others print")
    func officeStall() async throws {
        try await withMock(Self.stamped(faultsByOffice: ["130000": FaultRule(.stall)])) { mock, env in
            // 横浜's file is fetched first, with a minute's timeout: the short one of the run below is the stalled file's
            // alone, which no machine's pace can stretch into the other city's (a shared 5 s timeout could).
            let warm = try await forecast(["week", "-f", "line", "140010"], environment: env)
            try #require(warm.status == 0, "\(warm.stderr)")
            let result = try await forecast(["week", "--timeout", "2", "--retries", "0", "-f", "line", "140010", "130010"], environment: env)
            #expect(result.status == 1)
            #expect(result.stdout.hasPrefix("横浜 ") && result.stdout.hasSuffix("東京 (failed)\n"))
            #expect(result.stderr == "forecast: 130010 東京: timed out after 2 s\n")
            #expect(mock.stats().requestsBySource["office"]?["140000"] == 1, "横浜's file read from the cache the second time")
        }
    }

    @Test("--source auto asks the agency nothing while the API answers within the hedge's 3 s")
    func autoCostsNothing() async throws {
        try await withMock(Self.stamped) { mock, env in
            let result = try await forecast(["-v", "-p", "-j", "50"] + CityCatalog.all.map(\.id), environment: env)
            #expect(result.status == 0)
            // Each API request's time, from -v ("total 12.3 ms"; a line of the agency's file says
            // so). The agency is asked only for a city whose API request has run 3 s unanswered,
            // so never for one answered within 2.5 s: on an idle machine (every request answered
            // in milliseconds) not once. A machine so busy that some requests take 3 s (the whole
            // suite at once on two cores) may ask it for those cities, and no others.
            let fast = result.stderr.split(separator: "\n").filter { line in
                guard !line.contains("from the weather agency's file"),
                    let total = line.firstMatch(of: /total (\d+\.\d) ms/).flatMap({ Double($0.1) })
                else { return false }
                return total < 2500
            }.count
            let stats = mock.stats()
            let officeRequests = stats.requestsBySource["office", default: [:]].values.reduce(0, +)
            #expect(officeRequests <= 142 - fast, "\(fast) cities answered within 2.5 s: \(result.stderr)")
            if fast == 142 {
                #expect(stats.requestsByCity.count == 142)
                #expect(stats.requestsBySource["office"] == nil)
            }
        }
    }

    @Test("A city the API fails is printed from the agency's file, marked, exit 0; other failures do not fall back")
    func fallback() async throws {
        try await withMock(Self.stamped(faultsByCity: ["140010": FaultRule(.status(503))])) { mock, env in
            let result = try await forecast(["-f", "json", "-d", "1", "130010", "140010"], environment: env)
            #expect(result.status == 0)
            #expect(result.stderr == "forecast: 140010 横浜: HTTP 503 after 3 attempts; printed from the weather agency's file instead (気象庁 bosai/forecast)\n")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["source"] as? String == "api" && array[1]["source"] as? String == "jma")
            #expect(array[1]["city"] as? String == "横浜")
            #expect(mock.stats().requestsBySource["office"] == ["140000": 1])
            // The API alone: the city fails.
            let alone = try await forecast(["--source", "tsukumijima", "--no-cache", "-f", "line", "140010"], environment: env)
            #expect(alone.status == 1 && alone.stdout == "横浜 (failed)\n")
            // A table credits the agency.
            let table = try await forecast(["-f", "table", "130010", "140010"], environment: env.merging(["COLUMNS": "80"]) { $1 })
            #expect(table.stdout.hasSuffix("出典: 気象庁 (横浜)\n"))
        }
    }

    @Test("When the API and the agency's file both fail, stderr, JSON's error and the table's row say both, on one line")
    func bothFail() async throws {
        var configuration = Self.stamped(faultsByCity: ["140010": FaultRule(.status(503))])
        configuration.faultsBySource["office"] = ["140000": FaultRule(.status(404))]
        try await withMock(configuration) { _, env in
            let both = "HTTP 503 after 3 attempts; the weather agency's file: HTTP 404"
            let result = try await forecast(["-f", "json", "-d", "1", "130010", "140010"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 140010 横浜: \(both)\n")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array[1]["error"] as? String == both)
            #expect(array[1]["error_kind"] as? String == "http")
            let table = try await forecast(["-f", "table", "-d", "1", "140010"], environment: env.merging(["COLUMNS": "120"]) { $1 })
            // (the reason wraps within the row: compared word by word)
            let words = table.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("横浜 failed: \(both)"), "\(table.stdout)")
        }
    }

    @Test("A stalled API does not starve the fallback: under --max-time the agency's file is printed before the deadline, exit 0")
    func stalledAPIWithinDeadline() async throws {
        try await withMock(Self.stamped(faultsByCity: ["130010": FaultRule(.stall)])) { mock, env in
            // A minute's deadline, the hedge at its 3 s: its answer has 57 s to arrive. With 5 s
            // (the hedge then at half of them), the agency's file, served and decoded while the
            // whole suite ran on two busy cores, now and then took more than the 2.5 s left;
            // FetchCoreTests checks the half of a deadline with room to spare.
            let maxTime = "60"
            let hedge = /[0-3](\.\d)?/
            let result = try await forecast(["--max-time", maxTime, "-f", "line", "東京"], environment: env)
            let elapsed = result.ran
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("東京 "), "\(result.stdout)")
            #expect(result.stdout != "東京 -\n")
            // Hedged at 3 s (less on a machine so busy that the process took a while to send its
            // request)
            let line = /forecast: 130010 東京: no answer within (?<after>[0-9.]+) s; printed from the weather agency's file instead \(気象庁 bosai\/forecast\)\n/
            let after = try #require(result.stderr.wholeMatch(of: line)?.after, "\(result.stderr)")
            #expect(after.wholeMatch(of: hedge) != nil, "hedged after \(after) s")
            // (The deadline itself is the session's, and stderr shows the hedge came before it;
            // this only guards against a hang, on a machine as busy as a sanitized suite makes it.)
            #expect(elapsed < .seconds(Sanitizer.isActive ? 180 : 60), "took \(elapsed)")
            #expect(mock.stats().requestsBySource["office"] == ["130000": 1])
        }
    }

    @Test("--source jma reads the agency's file alone; the API is not asked")
    func sourceJMA() async throws {
        try await withMock(Self.stamped) { mock, env in
            let result = try await forecast(["--source", "jma", "-f", "line", "130010", "130020"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 2)
            #expect(mock.stats().requestsByCity.isEmpty)
            #expect(mock.stats().requestsBySource["office"] == ["130000": 1])
        }
    }

    @Test("-f detail from the agency's file asks for the forecaster's overview too, and prints it; other formats do not")
    func detailOverview() async throws {
        try await withMock(Self.stamped) { mock, env in
            let detail = try await forecast(["--source", "jma", "-f", "detail", "-d", "1", "130010"], environment: env.merging(["COLUMNS": "80"]) { $1 })
            #expect(detail.status == 0)
            #expect(detail.stdout.contains("　本州付近は高気圧に覆われています。"))
            #expect(mock.stats().requestsBySource["office"] == ["130000": 2])
            let line = try await forecast(["--source", "jma", "--no-cache", "-f", "line", "130010"], environment: env)
            #expect(line.status == 0)
            #expect(mock.stats().requestsBySource["office"] == ["130000": 3])
        }
    }

    @Test("Options the week does not take are usage errors naming them; detail is not a week format")
    func usage() async throws {
        for arguments in [["week", "--days", "2", "東京"], ["week", "--source", "jma", "東京"], ["week", "-f", "detail", "東京"]] {
            let result = try await forecast(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains("does not apply to `forecast week`") || result.stderr.contains("`forecast week` prints"))
        }
    }
}
