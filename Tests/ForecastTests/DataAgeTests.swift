import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Issue 41, points 1, 2 and 5: data older than its source should serve is marked stale in every format but TSV and
/// templates, every template can say the data's time and age, and a failed city never reads as a value.
@Suite("The data's age: old data marked, %u and %a, a failure visible", .timeLimit(.minutes(5)))
struct DataAgeTests {
    /// 東京's API fixture, published 2022-05-19 05:00 JST.
    static let published = japanTime(2022, 5, 19, 5)

    /// 東京's forecast as the client makes it when read at `now`, old or not.
    static func tokyo(readAt now: Int, stale: Bool) throws -> FetchResult {
        FetchResult(
            city: try CityCatalog.resolve("130010"), outcome: .success(try decodeFixture("130010.json")),
            stale: stale ? Staleness(.old, age: now - published) : nil, age: DataAge(time: published, now: now))
    }

    @Test("A forecast is stale 6 hours after its next release: 05:00's at 17:00, 17:00's at 11:00 the next day; the week's after its own")
    func staleSince() {
        #expect(CityForecast.staleSince(Self.published) == japanTime(2022, 5, 19, 17))
        #expect(CityForecast.staleSince(japanTime(2022, 5, 19, 17)) == japanTime(2022, 5, 20, 11))
        #expect(CityHours.staleSince(japanTime(2022, 5, 19, 11)) == japanTime(2022, 5, 19, 23))
        // The week is issued at 11:00 and 17:00 only: 17:00's is due again at 11:00 the next day.
        #expect(WeeklyForecast.staleSince(japanTime(2022, 5, 19, 17)) == japanTime(2022, 5, 20, 17))
        #expect(Observation.staleSince(Self.published) == Self.published + 3 * 3600)
        #expect(CityWarnings.staleSince(Self.published) == nil, "a warning file is issued only when something changes")
    }

    @Test("The age as people read it, and the time: HH:MM on the day it was read, with MM-DD on another")
    func texts() {
        #expect(DataAge(time: Self.published, now: Self.published + 12 * 60 + 59).text == "12 min")
        #expect(DataAge(time: Self.published, now: Self.published + 3 * 3600 + 3599).text == "3 h")
        #expect(DataAge(time: Self.published, now: Self.published + 2 * 86_400).text == "2 d")
        #expect(DataAge(time: Self.published, now: Self.published - 5).text == "0 s")
        #expect(DataAge(time: Self.published, now: Self.published + 3600).timeText == "05:00")
        #expect(DataAge(time: Self.published, now: japanTime(2022, 5, 20, 0, 1)).timeText == "05-19 05:00")
    }

    @Test("Old data: marked on the line, in the table, in JSON (no fetched_at), in waybar's class; not in TSV or a template")
    func oldDataMarked() throws {
        let now = Self.published + 50 * 3600
        let old = try Self.tokyo(readAt: now, stale: true)
        #expect(LineFormatter().format([old]) == "東京 晴のち曇 -/27°C 10% (stale, 2 d old)\n")
        #expect(TableFormatter(days: 1).format([old]).contains("(stale, 2 d old: nothing newer)"))
        #expect(DetailFormatter(days: 1).format([old]).contains("(stale, 2 d old: nothing newer)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter().format([old]).utf8)) as? [[String: Any]])
        #expect(json[0]["stale"] as? Bool == true && json[0]["fetched_at"] == nil)
        let waybar = try #require(try JSONSerialization.jsonObject(with: Data(WaybarFormatter().format([old]).utf8)) as? [String: Any])
        #expect(waybar["class"] as? [String] == ["sunny", "stale"] && waybar["text"] as? String == "東京 晴のち曇 -/27°C 10% (stale, 2 d old)")
        #expect(TSVFormatter().format([old]) == TSVFormatter().format([try result("130010")]))
        #expect(TemplateFormatter(template: try FormatTemplate("%l %C")).format([old]) == "東京 晴のち曇\n")
        #expect(!old.failed, "old data is no failure: the exit status stays the command's")
    }

    @Test("%u and %a: the data's time and age; - for a value of no time")
    func placeholders() throws {
        let template = try FormatTemplate("%l %u (%a)")
        let fresh = try Self.tokyo(readAt: Self.published + 12 * 60, stale: false)
        #expect(TemplateFormatter(template: template).format([fresh]) == "東京 05:00 (12 min)\n")
        let old = try Self.tokyo(readAt: japanTime(2022, 5, 20, 9), stale: true)
        #expect(TemplateFormatter(template: template).format([old]) == "東京 05-19 05:00 (1 d)\n")
        #expect(TemplateFormatter(template: template).format([try result("130010")]) == "東京 - (-)\n")
    }

    @Test("A failed city: `(failed)` on the line and in waybar's text, `?` for a template's values, whatever the command")
    func failedVisible() throws {
        let failed = try failed("130010", .http(status: 503, attempts: 3))
        #expect(LineFormatter().format([failed]) == "東京 (failed)\n")
        #expect(TemplateFormatter(template: try FormatTemplate("%i %l %P %C %H° %u %a %S")).format([failed]) == "130010 東京 東京都 ? ?° ? ? ?\n")
        let warnings = CityResult<CityWarnings>(city: try CityCatalog.resolve("140010"), outcome: .failure(.http(status: 503, attempts: 1)), provider: .jma)
        let none = CityResult<CityWarnings>(
            city: try CityCatalog.resolve("120010"), outcome: .success(CityWarnings(office: "120000", reported: "2022-05-19T05:00:00+09:00", warnings: [], readOn: "2022-05-19")),
            provider: .jma)
        #expect(LineFormatter().format([none, warnings]) == "千葉 -\n横浜 (failed)\n", "none in force and a failure differ")
        #expect(TemplateFormatter(template: try FormatTemplate("%l %C")).format([none, warnings]) == "千葉 -\n横浜 ?\n")
    }

    @Test("%A: the warnings of level 3 or more, - for none, ? when the city's warning file failed")
    func warningsPlaceholder() throws {
        let reported = "2022-05-19T05:00:00+09:00"
        let inForce = [
            Warning(code: "03", status: "継続", reported: reported, additions: []),
            Warning(code: "10", status: "継続", reported: reported, additions: []),
        ]
        let marks = WarningMarks([
            CityResult(city: try CityCatalog.resolve("130010"), outcome: .success(CityWarnings(office: "130000", reported: reported, warnings: inForce, readOn: "2022-05-19")), provider: .jma),
            CityResult(city: try CityCatalog.resolve("140010"), outcome: .failure(.http(status: 503, attempts: 1)), provider: .jma),
        ])
        var formatter = TemplateFormatter(template: try FormatTemplate("%l %A"))
        formatter.decoration = marks
        #expect(formatter.format([try result("130010"), try result("140010")]) == "東京 大雨警報\n横浜 ?\n")
        #expect(FormatTemplate.Placeholder(rawValue: "A") == .warnings)
    }

    @Test("The client marks what the mock serves by its clock: 東京's 05:00 forecast is fresh at 16:59, stale after 17:00")
    func clientMarks() async throws {
        try await withTemporaryFolder { folder in
            try await MockServer.withServer { server in
                for (hour, minute, stale) in [(16, 59, false), (17, 1, true)] {
                    let now = japanTime(2022, 5, 19, hour, minute)
                    let cache = ForecastCache(directory: folder.path + "/\(hour)", now: { now })
                    let client = ForecastClient(configuration: ClientConfiguration(
                        baseURL: server.baseURL, timeout: .seconds(30), retries: 0, cache: cache, agencyURL: server.baseURL))
                    var results: [FetchResult] = []
                    for await result in client.results(for: [try CityCatalog.resolve("130010")], jobs: 1) { results.append(result) }
                    await client.shutdown()
                    let tokyo = try #require(results.first)
                    #expect(tokyo.age == DataAge(time: Self.published, now: now))
                    #expect(tokyo.stale == (stale ? Staleness(.old, age: now - Self.published) : nil), "\(hour):\(minute)")
                    #expect(tokyo.error == nil && tokyo.provider == .tsukumijima, "old data goes to no fallback")
                }
            }
        }
    }
}
