import Foundation
import NIOCore
import Testing

@testable import MockAPI
import TestSupport

/// Issue "A new user's second hour", item 9: a city without a real sample gets a body of its own,
/// its weather derived from its ID, in the template's shape (before, every such city got Tokyo's
/// weather under its own name).
@Suite("Derived API bodies", .timeLimit(.minutes(5)))
struct DerivedBodyTests {
    /// The catalog's rows of `cities-api-location.tsv`, by ID.
    static func locations() throws -> [String: CityLocation] {
        try CityLocation.parseTable(
            String(decoding: try fixtureBytes("cities-api-location.tsv"), as: UTF8.self), file: "cities-api-location.tsv")
    }

    /// A body as Foundation reads it.
    static func object(_ store: APIStore, _ id: String) throws -> [String: Any] {
        try object(store.body(for: id))
    }

    /// A body as Foundation reads it.
    static func object(_ body: ByteBuffer?) throws -> [String: Any] {
        let body = try #require(body, "no body")
        return try #require(try parseJSON(Array(body.readableBytesView)) as? [String: Any])
    }

    /// What a reader sees of a body's days: weather, minimum, maximum and chances of rain.
    static func weather(_ object: [String: Any]) -> [String] {
        (object["forecasts"] as? [[String: Any]] ?? []).map { day in
            let temperature = day["temperature"] as? [String: Any]
            let celsius = ["min", "max"].map { ((temperature?[$0] as? [String: Any])?["celsius"] as? String) ?? "-" }
            let rain = (day["chanceOfRain"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            return ([day["telop"] as? String ?? "?"] + celsius + rain).joined(separator: " ")
        }
    }

    @Test("Every city without a sample has weather of its own: none is Tokyo's, no two are alike (before: all Tokyo's)")
    func ownWeather() throws {
        let store = try APIStore.load(fixtures: fixturesDirectory.path)
        let tokyo = Self.weather(try Self.object(store, "130010"))
        let derived = try Self.locations().keys.filter { !store.fixtureIDs.contains($0) }.sorted()
        #expect(derived.count == 136)
        var seen: [[String]: String] = [:]
        var telops: Set<String> = []
        for id in derived {
            let weather = Self.weather(try Self.object(store, id))
            #expect(weather != tokyo, "\(id) has Tokyo's weather")
            if let other = seen[weather] {
                Issue.record("\(id) has the weather of \(other): \(weather)")
            }
            seen[weather] = id
            for day in weather { telops.insert(String(day.prefix { $0 != " " })) }
        }
        #expect(telops.count >= 10, "weather codes of many kinds: \(telops.sorted())")
        // The three of the issue's trial, and their days' weather, are told apart.
        let trial = try ["270000", "016010", "471010"].map { Self.weather(try Self.object(store, $0)) }
        #expect(Set(trial).count == 3)
    }

    @Test("A derived body comes from the ID alone: the same in every start, and as it was when this was written")
    func deterministic() throws {
        let first = try APIStore.load(fixtures: fixturesDirectory.path)
        let second = try APIStore.load(fixtures: fixturesDirectory.path)
        for (id, body) in first.bodies {
            #expect(second.body(for: id) == body, "\(id)")
        }
        // Drawn from a hash of the ID, never from Swift's Hasher (seeded anew in each process):
        // another process, another machine, draws the same.
        #expect(Self.weather(try Self.object(first, "270000")) == Self.pinnedOsaka)
    }

    /// 大阪's days (2022-05-19 to 21, the template's dates) as the derivation first drew them.
    static let pinnedOsaka = ["雨時々晴 - 16 --% 50% 50% 70%", "晴れ 12 20 10% 0% 0% 0%", "晴のち曇 10 16 20% 10% 10% 20%"]

    @Test("A derived body keeps the template's shape and the city's own names; inland, no waves")
    func shape() throws {
        let store = try APIStore.load(fixtures: fixturesDirectory.path)
        let template = try #require(try parseJSON(try fixtureBytes("130010.json")) as? [String: Any])
        let templateDays = try #require(template["forecasts"] as? [[String: Any]])
        for (id, location) in try Self.locations() where !store.fixtureIDs.contains(id) {
            let body = try Self.object(store, id)
            #expect(Set(body.keys) == Set(template.keys), "\(id)")
            #expect(body["title"] as? String == "\(location.prefecture) \(location.city) の天気")
            #expect(body["location"] as? [String: String] == [
                "area": location.area, "prefecture": location.prefecture, "district": location.district, "city": location.city,
            ])
            let days = try #require(body["forecasts"] as? [[String: Any]])
            #expect(days.count == 3)
            for (day, templateDay) in zip(days, templateDays) {
                #expect(day["date"] as? String == templateDay["date"] as? String)
                let temperature = try #require(day["temperature"] as? [String: [String: Any]])
                for key in ["min", "max"] {
                    let celsius = temperature[key]?["celsius"] as? String
                    let fahrenheit = temperature[key]?["fahrenheit"] as? String
                    let templateCelsius = (templateDay["temperature"] as? [String: [String: Any]])?[key]?["celsius"] as? String
                    #expect((celsius == nil) == (templateCelsius == nil), "\(id) \(key): null where the template is")
                    if let celsius, let value = Double(celsius) {
                        #expect(abs((Double(fahrenheit ?? "") ?? .nan) - (value * 1.8 + 32)) < 0.001, "\(id) \(key)")
                    }
                }
                if let minimum = temperature["min"]?["celsius"] as? String, let maximum = temperature["max"]?["celsius"] as? String {
                    #expect(Int(minimum)! < Int(maximum)!, "\(id): \(minimum) < \(maximum)")
                }
                let rain = try #require(day["chanceOfRain"] as? [String: String])
                let templateRain = try #require(templateDay["chanceOfRain"] as? [String: String])
                for (key, value) in rain {
                    #expect((value == "--%") == (templateRain[key] == "--%"), "\(id) \(key)")
                }
                let image = try #require(day["image"] as? [String: Any])
                #expect(image["title"] as? String == day["telop"] as? String)
                let detail = day["detail"] as? [String: Any]
                let templateDetail = templateDay["detail"] as? [String: Any]
                #expect((detail?["weather"] is String) == (templateDetail?["weather"] is String))
                let inland = DerivedWeather.inlandPrefectures.contains(id.prefix(2))
                if templateDetail?["wave"] is String {
                    #expect((detail?["wave"] is String) == !inland, "\(id): waves only by the sea")
                }
            }
        }
    }

    @Test("The overview in description names the city's own district, never 東京地方 or 関東甲信 (before: Tokyo's)")
    func overview() throws {
        let store = try APIStore.load(fixtures: fixturesDirectory.path)
        for (id, location) in try Self.locations() where !store.fixtureIDs.contains(id) {
            let description = try #require(try Self.object(store, id)["description"] as? [String: String])
            let text = try #require(description["text"])
            #expect(text.hasPrefix("\u{3000}\(location.district)では、今日は"), "\(id): \(text)")
            #expect(description["bodyText"] == text)
            if location.district != "東京地方" {
                #expect(!text.contains("東京地方") && !text.contains("関東甲信"), "\(id): \(text)")
            }
        }
    }

    @Test("Stamped, a derived body has the weather of its new dates: tomorrow's as seen today is today's as seen tomorrow")
    func stamped() throws {
        let store = try APIStore.load(fixtures: fixturesDirectory.path)
        let today = ReleaseStamp(now: ReleaseStampTests.instant("2026-11-26T12:00:00+09:00"))
        let tomorrow = ReleaseStamp(now: ReleaseStampTests.instant("2026-11-27T12:00:00+09:00"))
        for id in ["270000", "016010", "471010"] {
            let first = try Self.object(store.body(for: id, stamp: today))
            let second = try Self.object(store.body(for: id, stamp: tomorrow))
            let firstDays = try #require(first["forecasts"] as? [[String: Any]])
            let secondDays = try #require(second["forecasts"] as? [[String: Any]])
            #expect(firstDays[1]["date"] as? String == "2026-11-27" && secondDays[0]["date"] as? String == "2026-11-27")
            #expect(firstDays[1]["telop"] as? String == secondDays[0]["telop"] as? String, "\(id)")
            let maximum = { (day: [String: Any]) in ((day["temperature"] as? [String: Any])?["max"] as? [String: Any])?["celsius"] as? String }
            #expect(maximum(firstDays[1]) == maximum(secondDays[0]), "\(id)")
            #expect(Self.weather(first) != Self.weather(try Self.object(store, id)), "\(id): moved, not the template's dates' weather")
            // The overview says today's weather of the new dates.
            let overview = try #require((first["description"] as? [String: Any])?["text"] as? String)
            let weather = try #require((firstDays[0]["detail"] as? [String: Any])?["weather"] as? String)
            #expect(overview.contains("今日は" + weather.replacingOccurrences(of: "\u{3000}", with: "")), "\(id): \(overview)")
        }
    }

    @Test("°F as the API prints it", arguments: [(27, "80.6"), (25, "77"), (16, "60.8"), (0, "32"), (-1, "30.2"), (-18, "-0.4"), (-20, "-4")])
    func fahrenheit(celsius: Int, text: String) {
        #expect(DerivedWeather.fahrenheit(celsius) == text)
    }
}
