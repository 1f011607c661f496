import Forecast
import Foundation
import Testing
import TestSupport

@Suite("Decoding the agency's office files")
struct AgencyDecodingTests {
    @Test("Every real office file decodes, with both reports' times and offices",
          arguments: [
              ("forecast-011000-20210724.json", "011000", "稚内地方気象台", "2021-07-24T11:00:00+09:00", "2021-07-24T11:00:00+09:00"),
              ("forecast-014100-20260812.json", "014100", "釧路地方気象台", "2026-08-12T17:00:00+09:00", "2026-08-12T17:00:00+09:00"),
              ("forecast-130000-20210712-example.json", "130000", "気象庁", "2021-07-12T11:00:00+09:00", "2021-07-12T11:00:00+09:00"),
              ("forecast-130000-20210724.json", "130000", "気象庁", "2021-07-24T11:00:00+09:00", "2021-07-24T11:00:00+09:00"),
              ("forecast-130000-20260105.json", "130000", "気象庁", "2026-01-05T17:00:00+09:00", "2026-01-05T17:00:00+09:00"),
              ("forecast-130000-20260312.json", "130000", "気象庁", "2026-03-12T05:00:00+09:00", "2026-03-11T17:00:00+09:00"),
              ("forecast-230000-20250717.json", "230000", "名古屋地方気象台", "2025-07-17T17:00:00+09:00", "2025-07-17T17:00:00+09:00"),
              ("forecast-460100-20210724.json", "460100", "鹿児島地方気象台", "2021-07-24T11:00:00+09:00", "2021-07-24T11:00:00+09:00"),
              ("forecast-460100-20260812.json", "460100", "鹿児島地方気象台", "2026-08-12T17:00:00+09:00", "2026-08-12T17:00:00+09:00"),
              ("forecast-471000-20210724.json", "471000", "沖縄気象台", "2021-07-24T11:00:00+09:00", "2021-07-24T11:00:00+09:00"),
          ])
    func realFiles(_ name: String, _ office: String, _ publisher: String, _ daily: String, _ weekly: String) throws {
        let file = try agencyFile(name, office: office)
        #expect(file.office == office)
        #expect(file.publishingOffice == publisher && file.weeklyPublishingOffice == publisher)
        #expect(file.reportTime == daily && file.weeklyReportTime == weekly)
    }

    @Test("Every city of a real file's office gets a week or a reason, and a 3-day forecast",
          arguments: [
              ("forecast-011000-20210724.json", "011000"), ("forecast-014100-20260812.json", "014100"),
              ("forecast-130000-20260312.json", "130000"), ("forecast-230000-20250717.json", "230000"),
              ("forecast-460100-20260812.json", "460100"), ("forecast-471000-20210724.json", "471000"),
          ])
    func everyCityOfTheOffice(_ name: String, _ office: String) throws {
        let file = try agencyFile(name, office: office)
        let now = try isoTime(file.reportTime) + 3600
        let cities = CityCatalog.all.filter { AgencyArea.of($0)?.office == office }
        #expect(!cities.isEmpty)
        for city in cities {
            let week = try file.week(for: city, now: now)
            #expect(week.days.count == 7, "\(city)")
            #expect(try file.forecast(for: city, now: now).forecasts.count == 3, "\(city)")
        }
    }

    @Test("Not JSON: an HTML page, a body cut short")
    func notJSON() throws {
        #expect(try agencyDecodingError("crafted/html.json") == .notJSON(what: "an HTML page"))
        #expect(try agencyDecodingError("crafted/truncated.json")?.description == "the response was not valid JSON")
        #expect(try agencyDecodingError("crafted/truncated.json")?.kind == .decode)
    }

    @Test("An array of one report: no weekly forecast, said in words")
    func oneReport() throws {
        let error = try agencyDecodingError("crafted/one-report.json")
        #expect(error == .invalidResponse(path: "", problem: "the agency's file has 1 report, not two: no weekly forecast"))
        #expect(error?.description == "the response is not a forecast: the agency's file has 1 report, not two: no weekly forecast")
    }

    @Test("A series whose array is shorter than its times: the field and both counts")
    func shorterArrays() throws {
        #expect(try agencyDecodingError("crafted/short-array.json")
            == .invalidResponse(path: "[0].timeSeries[1].areas[0].pops", problem: "6 values for 7 times"))
        #expect(try agencyDecodingError("crafted/short-weekly.json")
            == .invalidResponse(path: "[1].timeSeries[1].areas[2].tempsMin", problem: "6 values for 7 times"))
    }

    @Test("Anything else malformed: a temperature that is not a number, an object instead of the array, a missing field")
    func malformed() throws {
        #expect(try agencyDecodingError("crafted/bad-number.json")
            == .invalidResponse(path: "[1].timeSeries[1].areas[0].tempsMin[1]", problem: "expected a number in a string, found \"4度\""))
        #expect(try agencyDecodingError("crafted/object.json") == .invalidResponse(path: "", problem: "expected an array"))
        let noCodes = try String(decoding: fixture("jma/forecast-130000-20260312.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"reliabilities\"", with: "\"x\"").replacingOccurrences(of: "\"weatherCodes\"", with: "\"y\"")
        #expect(throws: ForecastError.invalidResponse(path: "[0].timeSeries[0].areas[0].weatherCodes", problem: "missing")) {
            try AgencyForecast.decode(Data(noCodes.utf8), office: "130000")
        }
        let badTime = try String(decoding: fixture("jma/forecast-130000-20260312.json"), as: UTF8.self)
            .replacingOccurrences(of: "2026-03-12T06:00:00+09:00", with: "tomorrow")
        #expect(throws: ForecastError.invalidResponse(
            path: "[0].timeSeries[1].timeDefines[0]",
            problem: "expected a time such as \"2021-07-25T00:00:00+09:00\", found \"tomorrow\"")) {
            try AgencyForecast.decode(Data(badTime.utf8), office: "130000")
        }
        let badRain = try String(decoding: fixture("jma/forecast-130000-20260312.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"pops\":[\"0\"", with: "\"pops\":[\"120\"")
        #expect(throws: ForecastError.invalidResponse(
            path: "[0].timeSeries[1].areas[0].pops[0]", problem: "expected a chance of rain from 0 to 100, found \"120\"")) {
            try AgencyForecast.decode(Data(badRain.utf8), office: "130000")
        }
    }

    @Test("Empty strings are unknown, in both parts; an unknown code is kept as the code, with no phrase or icon")
    func emptyAndUnknown() throws {
        let tokyo = try CityCatalog.resolve("130010")
        let now = japanTime(2026, 3, 12, 6)
        let empty = try agencyFile("crafted/empty-strings.json", office: "130000")
        let week = try empty.week(for: tokyo, now: now)
        #expect(week.days[3].reliability == nil && week.days[3].rain == 10)  // 03-15: reliability ""
        #expect(week.days[4].rain == nil && week.days[4].reliability == "A")  // 03-16: pop ""
        #expect(week.days[5].max.value == nil && week.days[5].min.value == 6)  // 03-17: tempsMax ""
        #expect(week.days[6].min.lower == nil && week.days[6].min.value == 6)  // 03-18: tempsMinLower ""
        let daily = try empty.forecast(for: tokyo, now: now)
        // Today's code is "", so the weekly code for 03-12 (101) stands in; its weather line stays.
        #expect(daily.forecasts[0].telop == "晴時々曇" && daily.forecasts[0].detail.weather == "晴れ\u{3000}時々\u{3000}くもり")
        #expect(daily.forecasts[0].detail.wind == nil)
        #expect(daily.forecasts[1].temperature.max.celsius == nil && daily.forecasts[1].temperature.min.celsius == 3)
        #expect(daily.forecasts[1].chanceOfRain.periods == [0, nil, 10, 10])

        let unknown = try agencyFile("crafted/unknown-code.json", office: "130000")
        let day = try unknown.week(for: tokyo, now: now).days[2]
        #expect(day.code == "999" && day.weatherCode == nil && day.telop(.ja) == nil && day.telop(.en) == nil)
        let forecast = try unknown.forecast(for: tokyo, now: now)
        #expect(forecast.forecasts[1].telop == "999" && forecast.forecasts[1].image.url == nil)
        #expect(forecast.forecasts[2].telop == "999")  // the day after, from the weekly part
        #expect(WeatherCode.of(forecast.forecasts[1]) == nil)
    }
}
