@testable import Forecast
import Foundation
import Testing
import TestSupport

/// Issue "A new user's second hour", points 6 and 8: a city printed from the agency's file is
/// marked where a reader looks, and the weather column grows with a wide terminal.
@Suite("Marks and widths a second trial asked for")
struct SecondHourFormatTests {
    /// Yokohama's fixture, as printed from the agency's file in the API's place.
    private func fromAgency(_ id: String) throws -> FetchResult {
        let plain = try result(id)
        return FetchResult(
            city: plain.city, outcome: plain.outcome, info: plain.info, provider: .jma,
            fallback: .http(status: 503, attempts: 3))
    }

    @Test("The table's credit names the cities read from the agency's file, unless it covers them all")
    func creditNamesItsCities() throws {
        let mixed = TableFormatter(days: 1).format([try result("130010"), try fromAgency("140010")])
        #expect(mixed.hasSuffix("出典: 気象庁 (横浜)\n"), "\(mixed)")
        let english = TableFormatter(days: 1, language: .en).format([try result("130010"), try fromAgency("140010")])
        #expect(english.hasSuffix("Source: Japan Meteorological Agency (Yokohama)\n"), "\(english)")
        let two = TableFormatter(days: 1).format([try fromAgency("130010"), try result("330010"), try fromAgency("140010")])
        #expect(two.hasSuffix("出典: 気象庁 (東京、横浜)\n"), "\(two)")
        // Every city from the agency: the credit alone, as the week's table has it.
        let all = TableFormatter(days: 1).format([try fromAgency("130010"), try fromAgency("140010")])
        #expect(all.hasSuffix("\n出典: 気象庁\n"), "\(all)")
        // None: no credit.
        #expect(!TableFormatter(days: 1).format([try result("130010")]).contains("出典"))
    }

    @Test("A named credit wraps between names, never inside one, within a narrow table")
    func creditWraps() throws {
        let results = try ["130010", "140010", "090010", "330010", "400040"].map(fromAgency) + [try result("120010")]
        let lines = TableFormatter(days: 1, width: 40).format(results).split(separator: "\n").map(String.init)
        let credit = try #require(lines.firstIndex { $0.hasPrefix("出典") })
        let creditText = lines[credit...].joined()
        for name in ["東京", "横浜", "宇都宮", "岡山", "久留米"] {
            #expect(creditText.contains(name))
        }
        #expect(lines[credit...].allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines[credit...])")
    }

    @Test("waybar's class holds fallback when a city came from the agency's file")
    func waybarFallbackClass() throws {
        let object = WaybarFormatter().object(for: [try result("130010"), try fromAgency("140010")])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])
        #expect(parsed["class"] as? [String] == ["sunny", "fallback"])
        let plain = WaybarFormatter().object(for: [try result("130010")])
        let plainParsed = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        #expect(plainParsed["class"] as? [String] == ["sunny"])
    }

    @Test("At 120 columns an English phrase of 34 cells stays on one line; the table still fits")
    func weatherColumnGrows() throws {
        // Tokyo's fixture, its first day 曇時々雨: "Cloudy, frequent scattered showers".
        var forecast = try decodeFixture("130010.json")
        forecast.forecasts[0].telop = "曇時々雨"
        let showers = FetchResult(city: try CityCatalog.resolve("130010"), outcome: .success(forecast), info: FetchInfo(source: .network))
        let text = TableFormatter(days: 1, language: .en, width: 120).format([showers])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Cloudy, frequent scattered showers") }, "\(text)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 120 })
        // At 80 it wraps within its column, as before.
        let narrow = TableFormatter(days: 1, language: .en, width: 80).format([showers])
        #expect(!narrow.contains("Cloudy, frequent scattered showers"))
    }
}
