@testable import Forecast
import Foundation
@testable import MockAPI
import Testing
import TestSupport

/// Issue "A new user's second hour", item 9: what the mock derives for the cities and offices
/// without a real sample, read by the library as the tool reads it.
@Suite("The mock's derived bodies, read by the library")
struct MockDerivedTests {
    /// A reader's view of a 3-day forecast's days: weather, minimum, maximum, chances of rain.
    static func days(_ forecast: CityForecast?, count: Int = 3) -> [String] {
        (forecast?.forecasts ?? []).prefix(count).map { day in
            let numbers = [day.temperature.min.celsius, day.temperature.max.celsius].map { $0.map { "\(Int($0))" } ?? "-" }
                + day.chanceOfRain.periods.map { $0.map { "\($0)%" } ?? "-" }
            return ([day.telop ?? "?"] + numbers).joined(separator: " ")
        }
    }

    @Test("Every catalog city's body decodes; 大阪, 札幌 and 那覇 have weather of their own (before: Tokyo's)")
    func everyBodyDecodes() async throws {
        try await withClient { client, _ in
            var forecasts: [String: CityForecast] = [:]
            for await result in client.results(for: CityCatalog.all, jobs: 8) {
                #expect(result.forecast != nil, "\(result.city.id): \(String(describing: result.error))")
                forecasts[result.city.id] = result.forecast
            }
            #expect(forecasts.count == 142)
            let tokyo = Self.days(forecasts["130010"])
            let trial = ["270000", "016010", "471010"].map { Self.days(forecasts[$0]) }
            #expect(trial.allSatisfy { $0 != tokyo }, "\(trial)")
            #expect(Set(trial).count == 3, "\(trial)")
            #expect(forecasts["471010"]?.description.text.contains("関東甲信") == false)
        }
    }

    @Test("A city of a derived office reads the same weather from the API's body and from the agency's file",
          arguments: ["270000", "016010", "016020", "280020", "400010"])
    func sourcesAgree(id: String) throws {
        let store = try FixtureStore.load(directory: fixturesDirectory.path)
        let city = try #require(CityCatalog.city(id: id))
        let area = try #require(Forecast.AgencyArea.of(city))
        #expect(!store.api.fixtureIDs.contains(id) && !store.agency.sampleOffices.contains(area.office))
        // Both stamped at one moment, 12:00 JST, which moves their dates to that day's.
        let now = japanTime(2026, 11, 26, 12)
        let stamp = ReleaseStamp(now: Date(timeIntervalSince1970: TimeInterval(now)))
        let api = try ResponseDecoder.decode(Data(try #require(store.api.body(for: id, stamp: stamp)).readableBytesView))
        let served = try #require(store.agency.served(.forecast, office: area.office, stamp: stamp))
        let file = try AgencyForecast.decode(Data(served.json.text(.compact).utf8), office: area.office)
        let agency = try file.forecast(for: city, now: now)
        #expect(api.forecasts.map(\.date) == ["2026-11-26", "2026-11-27", "2026-11-28"])
        #expect(agency.forecasts.map(\.date) == api.forecasts.map(\.date))
        // Today and tomorrow, field by field (the day after comes from the weekly part, which is
        // the office's and gives the whole day's chance of rain).
        #expect(Self.days(api, count: 2) == Self.days(agency, count: 2))
        for (fromAPI, fromFile) in zip(api.forecasts.prefix(2), agency.forecasts.prefix(2)) {
            #expect(fromAPI.detail == fromFile.detail)
        }
        // The office's week agrees with its 3-day forecast on the days both hold.
        let seat = try #require(CityCatalog.all.first { Forecast.AgencyArea.of($0)?.office == area.office })
        let week = try file.week(for: seat, now: now)
        let threeDay = try file.forecast(for: seat, now: now)
        #expect(week.days.first?.date == "2026-11-27")
        let weekTomorrow = week.days.first?.code.flatMap { Int($0) }.flatMap(WeatherCode.lookup)?.telop
        #expect(weekTomorrow == threeDay.forecasts[1].telop, "\(seat.name) on 2026-11-27")
    }

    @Test("Derived offices' weeks are their own, and every office's week starts on one day when stamped")
    func weeks() throws {
        let store = try FixtureStore.load(directory: fixturesDirectory.path)
        // 12:00 JST: the last weekly release is today's 11:00, so every week starts tomorrow.
        let now = japanTime(2026, 11, 26, 12)
        let stamp = ReleaseStamp(now: Date(timeIntervalSince1970: TimeInterval(now)))
        var weeks: [String: WeeklyForecast] = [:]
        for city in CityCatalog.all {
            let area = try #require(Forecast.AgencyArea.of(city))
            let served = try #require(store.agency.served(.forecast, office: area.office, stamp: stamp))
            let body = Data(served.json.text(.compact).utf8)
            weeks[city.id] = try AgencyForecast.decode(body, office: area.office).week(for: city, now: now)
        }
        let starts = Set(weeks.values.compactMap { $0.days.first?.date })
        #expect(starts == ["2026-11-27"], "weeks start on \(starts.sorted())")
        let codes = { (id: String) in weeks[id]?.days.map { "\($0.code ?? "-") \($0.max.value.map { "\(Int($0))" } ?? "-")" } }
        #expect(codes("270000") != codes("130010") && codes("016010") != codes("130010") && codes("270000") != codes("016010"))
    }
}
