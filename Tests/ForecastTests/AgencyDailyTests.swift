import Forecast
import Foundation
import Testing
import TestSupport

/// A city's 3-day forecast built from an office file, against a golden file typed by hand.
struct DailyCase: CustomTestStringConvertible, Sendable {
    let file: String
    let office: String
    let city: String
    let clock: (Int, Int, Int, Int)
    let golden: String

    var testDescription: String { "\(city) from \(file) at \(clock)" }

    /// How each golden file was worked out from the sample (`[0].timeSeries[0]` weather,
    /// `[1]` chances of rain, `[2]` temperatures; °F = °C × 1.8 + 32):
    ///
    /// - 東京 2021-07-24 11:00, read at 12:00: weather times 24T11, 25T00, 26T00, codes 201
    ///   201 200 (曇時々晴, 曇時々晴, 曇り; icons 201, 201, 200), with the day's weathers,
    ///   winds, waves. Temperatures at 44132, times 24T09 24T00 25T00 25T09 = 33 33 25 32:
    ///   today min (24T00) 33 ≥ max (24T09) 33, so min is dropped; tomorrow 25/32. The day
    ///   after has none, so it takes the weekly 44132's 07-26: 23/31. Rain times 24T12 24T18
    ///   25T00 25T06 25T12 25T18 = 30 30 0 0 10 20: today - - 30 30, tomorrow 0 0 10 20; the
    ///   day after has none, so the weekly 130010's 07-26 pop, 40, in all four.
    /// - 東京 2026-03-12 05:00, read at 06:00: weather times 12T05, 13T00 only, codes 101 200;
    ///   the day after (03-14) takes the weekly 130010's code for 03-14, 101, with no detail.
    ///   Temperatures 12T09 12T00 13T00 13T09 = 13 13 3 11: today -/13, tomorrow 3/11, the
    ///   day after the weekly 4/14. Rain 12T06 … 13T18 = 0 0 0 0 0 10 10: today - 0 0 0
    ///   (12T00 is not in the file), tomorrow 0 0 10 10, the day after the weekly 20 ×4.
    /// - 東京 2026-01-05 17:00, read at 18:00: codes 111 (晴のち曇, icon 110) 101 211 for
    ///   05T17 06T00 07T00. Temperatures only 06T00 06T09 = 2 11: today has neither, and the
    ///   week (from 01-06) has no 01-05, so both unknown; tomorrow 2/11; the day after the
    ///   weekly 01-07's 1/10. Rain 05T18 06T00 06T06 06T12 06T18 = 10 0 0 0 0: today only
    ///   18–24 (10), so no fallback; tomorrow 0 0 0 0; the day after the weekly 20 ×4.
    /// - The same file read at 01:00 on 01-06, before the next release (the API's 00:00–05:00
    ///   case): today is 01-06, code 101, 2/11 kept (2 < 11), rain 0 0 0 0; tomorrow 01-07 code
    ///   211 with its detail, weekly 1/10 and 20 ×4; the day after 01-08 wholly weekly: 201,
    ///   2/11, 30 ×4, no detail.
    /// - 大島 130020 in 2021-07-24: its own 3-day area and point 44172 (31 31 23 31: today -/31,
    ///   tomorrow 23/31), rain - - 20 20 and 30 30 30 20. The day after has weather 212 but no
    ///   temperatures or rain, and 大島 has no weekly area or point (see the week's tests):
    ///   where the API would take 東京's 23/31 and 40%, they stay unknown.
    /// - 名瀬 460040 in 460100-20210724: point 88836 (the code of 2021; 88837 comes first in
    ///   the list but is not in the file): 30 30 26 29, today -/30, tomorrow 26/29, not
    ///   沖永良部 88971's. Codes 302 302 202; rain 80 70 70 60 60 40. The day after takes the
    ///   weekly 88836's 27/30 and 奄美地方's 60. The link is 460040's own page.
    /// - 新居浜 380020 (crafted 愛媛): 3-day area 380020 with 東部's values, codes 200 210 101,
    ///   rain 17T18 18T00 18T06 18T12 18T18 = 20 ×5: today only 18–24. Its first point 73136
    ///   is not in the file; 73141 is: 18T00 18T09 = 26 30, tomorrow 26/30. Today and the day
    ///   after have no temperatures and no weekly point: unknown, not 松山's. The day after's
    ///   rain comes from the office's weekly area 380000: 30 ×4.
    static let all: [DailyCase] = [
        DailyCase(file: "forecast-130000-20210724.json", office: "130000", city: "130010", clock: (2021, 7, 24, 12),
                  golden: "daily-130010-20210724.tsv"),
        DailyCase(file: "forecast-130000-20260312.json", office: "130000", city: "130010", clock: (2026, 3, 12, 6),
                  golden: "daily-130010-20260312.tsv"),
        DailyCase(file: "forecast-130000-20260105.json", office: "130000", city: "130010", clock: (2026, 1, 5, 18),
                  golden: "daily-130010-20260105-1800.tsv"),
        DailyCase(file: "forecast-130000-20260105.json", office: "130000", city: "130010", clock: (2026, 1, 6, 1),
                  golden: "daily-130010-20260106-0100.tsv"),
        DailyCase(file: "forecast-130000-20210724.json", office: "130000", city: "130020", clock: (2021, 7, 24, 12),
                  golden: "daily-130020-20210724.tsv"),
        DailyCase(file: "forecast-460100-20210724.json", office: "460100", city: "460040", clock: (2021, 7, 24, 12),
                  golden: "daily-460040-20210724.tsv"),
        DailyCase(file: "crafted/forecast-380000-crafted.json", office: "380000", city: "380020", clock: (2025, 7, 17, 18),
                  golden: "daily-380020-crafted.tsv"),
    ]
}

@Suite("The 3-day forecast built from the agency's file")
struct AgencyDailyTests {
    @Test("Each forecast matches its golden file, worked out by hand from the sample", arguments: DailyCase.all)
    func golden(_ test: DailyCase) throws {
        let file = try agencyFile(test.file, office: test.office)
        let (year, month, day, hour) = test.clock
        let forecast = try file.forecast(for: try CityCatalog.resolve(test.city), now: japanTime(year, month, day, hour))
        let expected = String(decoding: try fixture("golden/jma/" + test.golden), as: UTF8.self)
        let text = goldenText(forecast)
        #expect(text == expected, "\(test.golden): \(firstDifferingLine(text, expected))")
    }

    @Test("The rest of the model: labels, icon sizes, the agency's credit, no overview unless given")
    func model() throws {
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        let forecast = try file.forecast(for: try CityCatalog.resolve("130010"), now: japanTime(2021, 7, 24, 12))
        #expect(forecast.forecasts.map(\.dateLabel) == ["今日", "明日", "明後日"])
        #expect(forecast.forecasts.allSatisfy { $0.image.width == 80 && $0.image.height == 60 && $0.image.title == $0.telop })
        #expect(forecast.forecasts[0].image.url == "https://www.jma.go.jp/bosai/forecast/img/201.svg")
        #expect(forecast.copyright.provider.map(\.name) == ["気象庁 Japan Meteorological Agency"])
        #expect(forecast.description.text.isEmpty)
        // The command's formatters read it as they read the API's answer.
        let result = FetchResult(city: try CityCatalog.resolve("130010"), outcome: .success(forecast), info: FetchInfo(source: .network))
        #expect(TSVFormatter(header: false).format([result]).split(separator: "\n").first
            == "130010\t東京\t東京都\t2021-07-24\t今日\t曇時々晴\t\t33\t\t\t30\t30")
    }

    @Test("The overview file becomes the description, as the API joins headline and body")
    func overview() throws {
        let overview = try AgencyOverview.decode(try fixture("jma/overview_forecast-130000-20230728.json"))
        #expect(overview.publishingOffice == "気象庁")
        #expect(overview.reportTime == "2023-07-28T10:37:00+09:00")
        #expect(overview.targetArea == "東京都")
        #expect(overview.headlineText.isEmpty)
        #expect(overview.text.hasPrefix("\u{3000}本州付近は高気圧に覆われています。\n\n"))
        let description = overview.description
        #expect(description.publicTimeFormatted == "2023/07/28 10:37:00")
        #expect(description.text == overview.text && description.bodyText == overview.text)
        var headed = overview
        headed.headlineText = "見出し"
        #expect(headed.description.text == "見出し\n\n" + overview.text)

        let file = try agencyFile("forecast-130000-20260312.json", office: "130000")
        let forecast = try file.forecast(for: try CityCatalog.resolve("130010"), now: japanTime(2026, 3, 12, 6), overview: overview)
        #expect(forecast.description == description)
        #expect(throws: ForecastError.self) { try AgencyOverview.decode(Data("[]".utf8)) }
    }

    @Test("豊橋 (Aichi): the office's weekly area gives the weather; its point has no weekly temperatures, so none")
    func toyohashi() throws {
        // Aichi's week has one area, 230000, and one point, 名古屋 51106; 豊橋's point is 51331.
        let file = try agencyFile("forecast-230000-20250717.json", office: "230000")
        let week = try file.week(for: try CityCatalog.resolve("230020"), now: japanTime(2025, 7, 17, 18))
        #expect(week.area.code == "230000" && week.temperaturePoint == nil && week.pointsLookedFor == ["51331"])
        #expect(week.days.count == 7 && week.days.allSatisfy { $0.min == .unknown && $0.max == .unknown })
        #expect(week.days[1].rain == 30 && week.days[6].reliability == "B")
    }

    @Test("A file with nothing for today fails the city in words, not three days of unknowns")
    func outdatedFile() throws {
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        let tokyo = try CityCatalog.resolve("130010")
        // 07-31 is the last day of the week: today comes from the weekly part.
        #expect(try file.forecast(for: tokyo, now: japanTime(2021, 7, 31, 12)).forecasts[0].telop != nil)
        #expect(throws: ForecastError.notInAgencyFile(
            office: "130000", problem: "has nothing from 2021-08-01 on: it is the forecast of 2021-07-24 11:00 JST"
        )) {
            try file.forecast(for: tokyo, now: japanTime(2021, 8, 1, 0))
        }
    }

    @Test("A city whose 3-day area is missing fails, naming the office and the area")
    func missingDailyArea() throws {
        // 小笠原諸島's code renamed everywhere in the file: the 3-day part has no 130040 any more.
        let text = String(decoding: try fixture("jma/forecast-130000-20260312.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"130040\"", with: "\"130049\"")
        let file = try AgencyForecast.decode(Data(text.utf8), office: "130000")
        let ogasawara = try CityCatalog.resolve("130040")
        #expect(throws: ForecastError.notInAgencyFile(office: "130000", problem: "has no 3-day forecast for 130040 小笠原諸島")) {
            try file.forecast(for: ogasawara, now: japanTime(2026, 3, 12, 6))
        }
        // The week still finds it: the weekly area at 父島 44301's position (index 3 of four).
        #expect(try file.week(for: ogasawara, now: japanTime(2026, 3, 12, 6)).area.code == "130049")
    }
}
