import JapanTime
import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// With `stampsRelease`, bodies carry the last release before the mock's clock and today's dates.
@Suite("Release stamps", .timeLimit(.minutes(5)))
struct ReleaseStampTests {
    /// An instant from its ISO 8601 text, read by Foundation.
    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func seconds(_ text: String) -> Int {
        Int(instant(text).timeIntervalSince1970)
    }

    @Test(
        "The last release is 05:00, 11:00 or 17:00 JST (weekly 11:00 or 17:00), counted from its exact second",
        arguments: [
            ("2026-03-12T04:59:59+09:00", "2026-03-11T17:00:00+09:00", "2026-03-11T17:00:00+09:00"),
            ("2026-03-12T05:00:00+09:00", "2026-03-12T05:00:00+09:00", "2026-03-11T17:00:00+09:00"),
            ("2026-03-12T10:59:59+09:00", "2026-03-12T05:00:00+09:00", "2026-03-11T17:00:00+09:00"),
            ("2026-03-12T11:00:00+09:00", "2026-03-12T11:00:00+09:00", "2026-03-12T11:00:00+09:00"),
            ("2026-03-12T16:59:59+09:00", "2026-03-12T11:00:00+09:00", "2026-03-12T11:00:00+09:00"),
            ("2026-03-12T17:00:00+09:00", "2026-03-12T17:00:00+09:00", "2026-03-12T17:00:00+09:00"),
            ("2026-03-12T23:59:59+09:00", "2026-03-12T17:00:00+09:00", "2026-03-12T17:00:00+09:00"),
            ("2026-03-13T00:00:00+09:00", "2026-03-12T17:00:00+09:00", "2026-03-12T17:00:00+09:00"),
            ("2026-01-01T00:30:00+09:00", "2025-12-31T17:00:00+09:00", "2025-12-31T17:00:00+09:00"),
            ("2026-03-11T20:00:00Z", "2026-03-12T05:00:00+09:00", "2026-03-11T17:00:00+09:00"),
            ("2024-02-29T20:00:00+00:00", "2024-03-01T05:00:00+09:00", "2024-02-29T17:00:00+09:00"),
        ]
    )
    func lastRelease(clock: String, forecast: String, weekly: String) {
        let stamp = ReleaseStamp(now: Self.instant(clock))
        #expect(stamp.forecastRelease == Self.seconds(forecast))
        #expect(stamp.weeklyRelease == Self.seconds(weekly))
        #expect(JST.iso(stamp.forecastRelease) == forecast)
    }

    @Test("Half a second before a release is still before it")
    func fractions() {
        let release = Self.instant("2026-03-12T05:00:00+09:00")
        #expect(ReleaseStamp(now: release.addingTimeInterval(-0.5)).forecastRelease == Self.seconds("2026-03-11T17:00:00+09:00"))
        #expect(ReleaseStamp(now: release.addingTimeInterval(0.5)).forecastRelease == Self.seconds("2026-03-12T05:00:00+09:00"))
    }

    @Test(
        "The API's and the agency's bodies carry the last release before the injected clock and its days",
        arguments: [
            // clock, API publicTime, API first date, agency reports' times, agency first days
            // (the 3-day report's, the week's)
            ("2026-11-26T04:59:59+09:00", "2026-11-25T17:00:00+09:00", "2026-11-26",
             ["2026-11-25T17:00:00+09:00", "2026-11-25T17:00:00+09:00"], ["2026-11-25", "2026-11-26"]),
            ("2026-11-26T05:00:00+09:00", "2026-11-26T05:00:00+09:00", "2026-11-26",
             ["2026-11-26T05:00:00+09:00", "2026-11-25T17:00:00+09:00"], ["2026-11-26", "2026-11-26"]),
            ("2026-11-26T11:00:00+09:00", "2026-11-26T11:00:00+09:00", "2026-11-26",
             ["2026-11-26T11:00:00+09:00", "2026-11-26T11:00:00+09:00"], ["2026-11-26", "2026-11-27"]),
            ("2026-11-26T17:00:00+09:00", "2026-11-26T17:00:00+09:00", "2026-11-26",
             ["2026-11-26T17:00:00+09:00", "2026-11-26T17:00:00+09:00"], ["2026-11-26", "2026-11-27"]),
            ("2026-11-27T00:00:00+09:00", "2026-11-26T17:00:00+09:00", "2026-11-27",
             ["2026-11-26T17:00:00+09:00", "2026-11-26T17:00:00+09:00"], ["2026-11-26", "2026-11-27"]),
        ]
    )
    func stamped(clock: String, publicTime: String, firstDate: String, reports: [String], firstDays: [String]) async throws {
        let now = Self.instant(clock)
        let configuration = MockConfiguration(stampsRelease: true, clock: { now })
        try await MockServer.withServer(configuration) { server in
            try await TestConnection.with(port: server.port) { connection in
                // The API: 130010's fixture was published 2022-05-19 05:00, its overview at 04:39.
                let api = try await Self.object(connection.request("/api/forecast/city/130010"))
                let fixture = try #require(try parseJSON(try fixtureBytes("130010.json")) as? [String: Any])
                #expect(api["publicTime"] as? String == publicTime)
                #expect(api["publicTimeFormatted"] as? String == Self.formatted(publicTime))
                let overviewTime = Self.instant(publicTime).addingTimeInterval(-21 * 60)
                let description = try #require(api["description"] as? [String: Any])
                #expect(description["publicTime"] as? String == Self.iso(overviewTime))
                let forecasts = try #require(api["forecasts"] as? [[String: Any]])
                let fixtureForecasts = try #require(fixture["forecasts"] as? [[String: Any]])
                #expect(forecasts.map { $0["date"] as? String } == Self.days(from: firstDate, count: 3))
                #expect(forecasts.map { $0["dateLabel"] as? String } == ["今日", "明日", "明後日"])
                #expect(forecasts.map { $0["telop"] as? String } == fixtureForecasts.map { $0["telop"] as? String })

                // The agency: Tokyo's newest sample, every time of a report moved by the same
                // whole days (both of its reports start on 2026-03-12).
                let response = try await connection.request("/bosai/forecast/data/forecast/130000.json")
                let file = try #require(try parseJSON(response.body) as? [[String: Any]])
                let sample = try #require(
                    try parseJSON(try fixtureBytes("jma/forecast-130000-20260312.json")) as? [[String: Any]])
                #expect(file.map { $0["reportDatetime"] as? String } == reports)
                for (index, (report, original)) in zip(file, sample).enumerated() {
                    let shift = TimeInterval(86_400 * Self.dayCount(from: "2026-03-12", to: firstDays[index]))
                    let series = report["timeSeries"] as? [[String: Any]] ?? []
                    let originalSeries = original["timeSeries"] as? [[String: Any]] ?? []
                    #expect(series.count == originalSeries.count)
                    for (moved, source) in zip(series, originalSeries) {
                        let expected = (source["timeDefines"] as? [String] ?? []).map {
                            Self.iso(Self.instant($0).addingTimeInterval(shift))
                        }
                        #expect(moved["timeDefines"] as? [String] == expected)
                        #expect(try canonicalJSON(moved["areas"]!) == (try canonicalJSON(source["areas"]!)))
                    }
                }

                let overview = try await Self.object(
                    connection.request("/bosai/forecast/data/overview_forecast/130000.json"))
                #expect(overview["reportDatetime"] as? String == reports[0])
            }
        }
    }

    @Test(
        "Every office's week starts the day after the last weekly release, sample or derived (before: Tokyo's a day before the rest)",
        arguments: [
            ("2026-11-26T04:00:00+09:00", "2026-11-26"), ("2026-11-26T06:00:00+09:00", "2026-11-26"),
            ("2026-11-26T12:00:00+09:00", "2026-11-27"), ("2026-11-26T18:00:00+09:00", "2026-11-27"),
        ]
    )
    func weeksStartTogether(clock: String, weekStart: String) throws {
        let agency = try AgencyStore.load(fixtures: fixturesDirectory.path)
        let stamp = ReleaseStamp(now: Self.instant(clock))
        #expect(agency.forecasts.count == 56)
        for (office, file) in agency.forecasts {
            let stamped = stamp.stampingAgencyForecast(file.json)
            #expect(stamped[1]["timeSeries"][0]["timeDefines"][0].string?.prefix(10) == Substring(weekStart), "office \(office)")
            #expect(stamped[1]["timeSeries"][1]["timeDefines"][0].string?.prefix(10) == Substring(weekStart), "office \(office)")
        }
    }

    @Test("A body whose first date is not its release's (fetched from 00:00 to 05:00) still starts today")
    func firstDateAfterRelease() async throws {
        let now = Self.instant("2026-11-26T12:00:00+09:00")
        try await MockServer.withServer(MockConfiguration(stampsRelease: true, clock: { now })) { server in
            // 120010: published 2025-06-07 17:00, first date 2025-06-08.
            let api = try await Self.object(TestConnection.request(port: server.port, "/api/forecast/city/120010"))
            #expect(api["publicTime"] as? String == "2026-11-26T11:00:00+09:00")
            let forecasts = try #require(api["forecasts"] as? [[String: Any]])
            #expect(forecasts.map { $0["date"] as? String } == ["2026-11-26", "2026-11-27", "2026-11-28"])
        }
    }

    @Test("The clock is read per request: changing it moves the stamp; turning stamps off serves the fixture")
    func clockChanges() async throws {
        let first = Self.instant("2026-11-26T12:00:00+09:00")
        try await MockServer.withServer(MockConfiguration(stampsRelease: true, clock: { first })) { server in
            let path = "/api/forecast/city/270000"
            #expect(try await Self.object(TestConnection.request(port: server.port, path))["publicTime"] as? String
                == "2026-11-26T11:00:00+09:00")
            let second = Self.instant("2026-11-26T18:00:00+09:00")
            server.configuration.clock = { second }
            #expect(try await Self.object(TestConnection.request(port: server.port, path))["publicTime"] as? String
                == "2026-11-26T17:00:00+09:00")
            server.configuration.stampsRelease = false
            let plain = try await TestConnection.request(port: server.port, "/api/forecast/city/130010")
            #expect(plain.body == (try fixtureBytes("130010.json")))
        }
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try parseJSON(response.body) as? [String: Any])
    }

    /// "2026-11-26T05:00:00+09:00" → "2026/11/26 05:00:00".
    static func formatted(_ iso: String) -> String {
        iso.prefix(10).replacingOccurrences(of: "-", with: "/") + " " + iso.dropFirst(11).prefix(8)
    }

    /// An instant as JST ISO 8601 text, by Foundation.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "+09:00")
    }

    /// `count` consecutive dates from `first`.
    static func days(from first: String, count: Int) -> [String] {
        let start = instant(first + "T00:00:00+09:00")
        return (0..<count).map { String(iso(start.addingTimeInterval(TimeInterval($0 * 86_400))).prefix(10)) }
    }

    static func dayCount(from: String, to: String) -> Int {
        (seconds(to + "T00:00:00+09:00") - seconds(from + "T00:00:00+09:00")) / 86_400
    }
}
