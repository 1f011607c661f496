import Foundation
import Testing
import TestSupport

@testable import Forecast

/// Sunrise and sunset against the national almanac (国立天文台「各地のこよみ」): the ten Tokyo days
/// of `Fixtures/sun/naoj-tokyo-anchors.tsv`, at NAOJ's own Tokyo point and at the catalog's.
@Suite("The sun: sunrise and sunset as the almanac gives them")
struct SunTests {
    /// NAOJ's point for Tokyo.
    static let naojTokyo = (latitude: 35.6581, longitude: 139.7414)

    /// The anchor days: date, sunrise, sunset ("HH:MM").
    static func anchors() throws -> [(date: String, sunrise: String, sunset: String)] {
        let text = try String(contentsOf: fixturesDirectory.appendingPathComponent("sun/naoj-tokyo-anchors.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1], fields[3])
        }
    }

    /// Minutes after midnight of "HH:MM".
    static func minutes(_ clock: String) -> Int {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return parts[0] * 60 + parts[1]
    }

    @Test("At NAOJ's Tokyo point every anchor time is within a minute of the almanac's, and at least 18 of 20 are exact")
    func anchorsAtNAOJPoint() throws {
        let city = City(id: "130010", name: "東京", prefecture: "東京都", region: "東京都", district: "東京地方", area: "関東",
                        latitude: Self.naojTokyo.latitude, longitude: Self.naojTokyo.longitude)
        var exact = 0
        let anchors = try Self.anchors()
        #expect(anchors.count == 10)
        for anchor in anchors {
            let day = try #require(CitySun(city: city, from: anchor.date, count: 1)?.days.first)
            for (computed, almanac) in [(day.sunrise, anchor.sunrise), (day.sunset, anchor.sunset)] {
                let difference = try #require(computed) - Self.minutes(almanac)
                #expect(abs(difference) <= 1, "\(anchor.date): \(SunDay.clock(computed) ?? "-") against \(almanac)")
                if difference == 0 { exact += 1 }
            }
        }
        #expect(exact >= 18, "\(exact) of 20 exact")
    }

    @Test("At the catalog's point for 東京 (its AMeDAS station, 4 km north-east) every anchor time is within a minute")
    func anchorsAtCatalogPoint() throws {
        let tokyo = try #require(CityCatalog.city(id: "130010"))
        #expect(tokyo.latitude == 35.6917 && tokyo.longitude == 139.75)
        for anchor in try Self.anchors() {
            let day = try #require(CitySun(city: tokyo, from: anchor.date, count: 1)?.days.first)
            #expect(abs(try #require(day.sunrise) - Self.minutes(anchor.sunrise)) <= 1, "\(anchor.date)")
            #expect(abs(try #require(day.sunset) - Self.minutes(anchor.sunset)) <= 1, "\(anchor.date)")
        }
    }

    @Test("Dates: a day of the calendar is one, 2026-02-30 and 2026-13-01 are not; days follow each other across a year's end")
    func dates() throws {
        #expect(SunDay.day(of: "2026-02-28") != nil)
        #expect(SunDay.day(of: "2028-02-29") != nil)
        for bad in ["2026-02-30", "2026-13-01", "2026-02-29", "yesterday", "2026-1-01", ""] {
            #expect(SunDay.day(of: bad) == nil, "\(bad)")
        }
        let tokyo = try #require(CityCatalog.city(id: "130010"))
        let sun = try #require(CitySun(city: tokyo, from: "2026-12-30", count: 4))
        #expect(sun.days.map(\.date) == ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"])
        #expect(CitySun(city: tokyo, from: "2026-02-30", count: 1) == nil)
    }

    @Test("The daylight is the difference of the printed times; a clock is HH:MM zero-padded")
    func daylight() {
        var day = SunDay(day: 0, latitude: 35, longitude: 135)
        day.sunrise = 6 * 60 + 5
        day.sunset = 16 * 60 + 59
        #expect(day.daylight == 10 * 60 + 54)
        #expect(SunDay.clock(day.sunrise) == "06:05" && SunDay.clock(day.daylight) == "10:54" && SunDay.clock(nil) == nil)
    }

    @Test("Near a pole the Sun neither rises nor sets on some days: no time, no crash")
    func polar() {
        let midsummer = try! #require(SunDay.day(of: "2026-06-21"))
        let north = SunCalculator.events(day: midsummer, latitude: 80, longitude: 15)
        #expect(north.sunrise == nil && north.sunset == nil)
    }
}
