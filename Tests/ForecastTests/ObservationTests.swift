import Foundation
import Testing
import TestSupport

@testable import Forecast

/// Reading the agency's AMeDAS map file: the stations asked for, their flags, the wind code.
@Suite("AMeDAS observations: the map file")
struct ObservationTests {
    /// The real map file of 2021-02-24 15:00 JST (1,295 stations).
    static let time = AmedasTime(latestTime: "2021-02-24T15:00:00+09:00")!

    static func observations(_ codes: Set<String>) throws -> [String: Observation] {
        try AmedasMap.observations(in: try fixture("jma/amedas/map-20210224150000.json"), of: codes, at: time)
    }

    static func observation(_ json: String, at time: AmedasTime = time) throws -> Observation {
        let body = Data("{\"44132\": \(json)}".utf8)
        return try #require(try AmedasMap.observations(in: body, of: ["44132"], at: time)["44132"])
    }

    @Test("Tokyo's values of the real file, each in its unit; what Tokyo did not observe is nil")
    func tokyo() throws {
        let tokyo = try #require(try Self.observations(["44132"])["44132"])
        #expect(tokyo.station == AmedasStation(code: "44132", name: "東京", english: "Tokyo"))
        #expect(tokyo.observed == "2021-02-24T15:00+09:00")
        #expect(tokyo.temperature == 10.8)
        #expect(tokyo.humidity == 24)
        #expect(tokyo.windDirection == .nw)  // 14
        #expect(tokyo.windSpeed == 4.4)
        #expect(tokyo.precipitation10m == 0 && tokyo.precipitation1h == 0 && tokyo.precipitation24h == 0)
        #expect(tokyo.sunshine1h == 1)
        #expect(tokyo.snowDepth == 0)
        #expect(tokyo.seaLevelPressure == nil && tokyo.weather == nil)  // not in the 2021 files
        #expect(tokyo.incomplete.isEmpty)
    }

    @Test("Only the stations asked for come back; one the file does not hold is absent, not an error")
    func selective() throws {
        let found = try Self.observations(["44132", "11016", "99999"])
        #expect(Set(found.keys) == ["44132", "11016"])
        #expect(found["11016"]?.snowDepth == 80 && found["11016"]?.station.name == "稚内")
        #expect(try Self.observations([]).isEmpty)
    }

    @Test("A station not asked for is skipped unread: values of another shape there fail nothing")
    func unreadStations() throws {
        let body = Data(#"{"11001": {"temp": "warm", "x": {"y": [[1], "]}"44132":"]}}, "44132": {"temp": [3.5, 0]}, "50000": {}}"#.utf8)
        let found = try AmedasMap.observations(in: body, of: ["44132"], at: Self.time)
        #expect(found["44132"]?.temperature == 3.5)
        // The same value asked for is read, and fails in words.
        #expect(throws: ForecastError.self) { try AmedasMap.observations(in: body, of: ["11001"], at: Self.time) }
    }

    @Test("Numbers beside a flag of 2, 3, 5, 6, 7 or null are no measurements: snow [162, 5] in the real file is nil")
    func badFlags() throws {
        let station = try #require(try Self.observations(["35231"])["35231"])
        #expect(station.snowDepth == nil)  // [162, 5]
        #expect(station.temperature == nil && station.windDirection == nil && station.windSpeed == nil)
        for flag in ["2", "3", "5", "6", "7", "null"] {
            let observation = try Self.observation(#"{"temp": [21.5, \#(flag)], "snow": [0, \#(flag)]}"#)
            #expect(observation.temperature == nil && observation.snowDepth == nil, "flag \(flag)")
        }
        let nullValue = try Self.observation(#"{"temp": [null, 0], "humidity": []}"#)
        #expect(nullValue.temperature == nil && nullValue.humidity == nil)
        // A value of another shape is no measurement, and costs the station nothing else.
        let odd = try Self.observation(#"{"temp": [21.5, 0], "maxTempTime": {"hour": 3, "minute": 43}, "wind": ["3.2", 0], "humidity": [60]}"#)
        #expect(odd.temperature == 21.5 && odd.windSpeed == nil && odd.humidity == nil)
    }

    @Test("Flags 0, 1 and 4 are measurements; 4 (incomplete) is listed by its field's name")
    func goodFlags() throws {
        let observation = try Self.observation(#"{"temp": [21.5, 0], "snow": [36, 1], "sun1h": [0.4, 4], "precipitation1h": [1.5, 4]}"#)
        #expect(observation.temperature == 21.5 && observation.snowDepth == 36 && observation.sunshine1h == 0.4)
        #expect(observation.incomplete == [.precipitation1h, .sunshine1h])
        #expect(observation.incomplete.map(\.rawValue) == ["precip_1h_mm", "sun_1h_h"])
        #expect(try Self.observations(["19021"])["19021"]?.snowDepth == 36)  // the real file's [36, 1]
    }

    @Test("The wind code: 16 is N, 1 NNE, clockwise, 0 calm; never 0 for north")
    func compass() throws {
        #expect(try Self.observations(["12041"])["12041"]?.windDirection == .n)  // a real 16
        #expect(try Self.observations(["12551"])["12551"]?.windDirection == .calm)  // a real 0, with 0.1 m/s
        let codes = (0...16).map { CompassPoint(rawValue: $0)!.code }
        #expect(codes == ["calm", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW", "N"])
        #expect(CompassPoint.sse.name(in: .ja) == "南南東" && CompassPoint.n.name(in: .ja) == "北")
        #expect(CompassPoint.calm.name(in: .ja) == "静穏" && CompassPoint.sse.name(in: .en) == "SSE")
        #expect(try Self.observation(#"{"windDirection": [17, 0]}"#).windDirection == nil)
        #expect(try Self.observation(#"{"windDirection": [2.5, 0]}"#).windDirection == nil)
    }

    @Test("The weather code's word, 0 to 16; 30 (unknown) and 31 (missing) are none")
    func weather() throws {
        let words = AutomaticWeather.allCases.map { $0.name(in: .ja) }
        #expect(words == ["晴", "曇", "煙霧", "霧", "降水", "霧雨", "着氷性の霧雨", "雨", "着氷性の雨", "みぞれ", "雪", "凍雨", "霧雪", "しゅう雨", "しゅう雪", "ひょう", "雷"])
        #expect(try Self.observation(#"{"weather": [13, 0]}"#).weather?.name(in: .en) == "rain showers")
        #expect(try Self.observation(#"{"weather": [30, 0]}"#).weather == nil)
        #expect(try Self.observation(#"{"weather": [31, 0]}"#).weather == nil)
        #expect(try Self.observation(#"{"normalPressure": [1012.3, 0], "pressure": [1000.1, 0]}"#).seaLevelPressure == 1012.3)
    }

    @Test("A body that is no JSON object, or ends before it closes, fails in words", arguments: [
        ("", "the response was empty, not JSON"),
        ("<html><body>404</body></html>", "the response was an HTML page, not JSON"),
        (#"{"44132": {"temp": [1.0, 0]}"#, "the response was not valid JSON"),
        (#"{"11001": {"temp": [1.0, 0]}, "44132": {"temp": [1.0"#, "the response was not valid JSON"),
        (#"["44132"]"#, "the response was not valid JSON"),
        (#"{"44132": {"temp": [1.0, 0]}}, "#, "the response was not valid JSON"),
    ])
    func notJSON(body: String, message: String) {
        #expect(throws: ForecastError.self) { try AmedasMap.observations(in: Data(body.utf8), of: ["44132"], at: Self.time) }
        do {
            _ = try AmedasMap.observations(in: Data(body.utf8), of: ["44132"], at: Self.time)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("latest_time.txt: an ISO time on a ten-minute mark names its map file in Japan time")
    func latestTime() {
        let time = AmedasTime(latestTime: "2025-06-28T18:00:00+09:00")
        #expect(time?.fileName == "20250628180000")
        #expect(time?.observed == "2025-06-28T18:00+09:00")
        #expect(AmedasTime(latestTime: " 2025-06-28T18:00:00+09:00\n") == time)
        #expect(AmedasTime(latestTime: "2025-06-28T09:00:00Z") == time)
        #expect(AmedasTime(latestTime: "2025-12-31T23:50:00+09:00")?.fileName == "20251231235000")
        #expect(AmedasTime(latestTime: "2026-01-01T00:00:00+09:00")?.observed == "2026-01-01T00:00+09:00")
        for text in ["", "2025-06-28T18:05:00+09:00", "2025-06-28T18:00:30+09:00", "2025-06-28 18:00", "<html>"] {
            #expect(AmedasTime(latestTime: text) == nil, "\(text)")
        }
    }

    @Test("Every catalog city has a point named in the compiled table; a city takes the first point the file holds")
    func stationNames() throws {
        for area in AgencyArea.all {
            #expect(area.points.contains { AmedasStation.named($0).name != $0 }, "\(area.city): \(area.points)")
        }
        #expect(AmedasStation.named("44132").name(in: .en) == "Tokyo")
        #expect(AmedasStation.named("00000").name == "00000")
        // 東予's first point, 73136, is not in the real file: its second, 73141, stands for it.
        let toyo = try #require(AgencyArea.of(id: "380020"))
        let found = try Self.observations(Set(toyo.points))
        #expect(found["73136"] == nil)
        #expect(AmedasMap.observation(for: toyo, in: found)?.station.code == "73141")
        let tokyo = try #require(AgencyArea.of(id: "130010"))
        #expect(AmedasMap.observation(for: tokyo, in: try Self.observations(Set(tokyo.points)))?.station.code == "44132")
        #expect(AmedasMap.observation(for: tokyo, in: [:]) == nil)
    }
}

/// When a watch of the observations looks again.
@Suite("AMeDAS observations: the watch's schedule")
struct ObservationScheduleTests {
    @Test("The next look is when the next map file is due, 17 min after the oldest time shown, or a minute from now once that has passed")
    func nextLook() throws {
        let time = japanTime(2025, 6, 28, 18)
        #expect(WatchSchedule.nextLook(after: time + 8 * 60, observed: [time]) == time + 17 * 60)
        #expect(WatchSchedule.nextLook(after: time + 8 * 60, observed: [time + 600, time, nil]) == time + 17 * 60)
        #expect(WatchSchedule.nextLook(after: time + 20 * 60, observed: [time]) == time + 21 * 60)
        #expect(WatchSchedule.nextLook(after: time, observed: [nil]) == time + 60)
        #expect(AmedasTime(observed: "2025-06-28T18:00+09:00")?.epoch == time)
        #expect(AmedasTime(observed: "2025-06-28T18:00") == nil)
    }
}

/// A failure that names its file is still the failure it wraps, for the questions asked of it.
@Suite("AMeDAS observations: a failure named by its file")
struct InFileErrorTests {
    @Test("inFile's primary, kind and HTTP status are the wrapped error's (so the certificate advice still shows)")
    func wrapped() {
        let error = ForecastError.inFile("the agency's latest_time.txt", .http(status: 404, attempts: 1))
        #expect(error.primary == .http(status: 404, attempts: 1))
        #expect(error.httpStatus == 404 && error.kind == .http)
        #expect(error.description == "the agency's latest_time.txt: HTTP 404")
    }
}

extension AmedasMap {
    /// The observations of the stations `codes` in a map file of `time`. A station the file
    /// does not hold is not in the result.
    ///
    /// - Throws: ``ForecastError/notJSON(what:)`` for a body that is not a map file's object,
    ///   or one cut short; ``ForecastError/invalidResponse(path:problem:)`` for a station asked
    ///   for whose values are not `[value, flag]` pairs.
    static func observations(in body: Data, of codes: Set<String>, at time: AmedasTime) throws(ForecastError)
        -> [String: Observation]
    {
        try check(body)
        var found: [String: Observation] = [:]
        for code in codes {
            if let observation = try observation(of: code, in: body, at: time) { found[code] = observation }
        }
        return found
    }

    /// A city's observation: that of the first of its area's points that the file holds (the
    /// points of `observations(in:of:at:)`'s result), or nil if it holds none.
    static func observation(for area: AgencyArea, in found: [String: Observation]) -> Observation? {
        area.points.lazy.compactMap { found[$0] }.first
    }
}
