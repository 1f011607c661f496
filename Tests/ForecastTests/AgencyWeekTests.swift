import Forecast
import Foundation
import Testing
import TestSupport

/// A city's week read from a real (or crafted) office file, against a golden file typed by hand.
struct WeekCase: CustomTestStringConvertible, Sendable {
    let file: String
    let office: String
    let city: String
    /// Japan time: year, month, day, hour.
    let clock: (Int, Int, Int, Int)
    let golden: String

    var testDescription: String { "\(city) from \(file)" }

    /// How each golden file was worked out, reading the sample by hand:
    ///
    /// - 東京 2021-07-24 (11:00): `[1].timeSeries[0]` has an area of 東京's own code 130010
    ///   (index 0): codes 201 200 203 200 201 200 200 for 07-25 … 07-31 (its `timeDefines`;
    ///   07-25 is a Sunday), pops "" 40 70 40 30 40 40, reliabilities "" "" B C B C C.
    ///   `[1].timeSeries[1]` has point 44132 東京 (index 0): tempsMin "" 23 23 24 25 24 24,
    ///   lower "" 21 20 20 23 21 22, upper "" 24 24 26 26 26 26; tempsMax "" 31 27 32 32 30
    ///   30, lower "" 29 26 29 30 28 27, upper "" 33 31 34 34 34 33. "" stays empty.
    /// - 東京 2026-03-12: the weekly report is the previous evening's (2026-03-11T17:00), so
    ///   its first day, 03-12 (a Thursday), is today at 06:00 and is kept. 130010: codes 101
    ///   200 101 101 101 201 201, pops "" 40 20 10 20 30 30, reliabilities "" "" A A A A A;
    ///   44132: tempsMin "" 4 4 4 5 6 6 (03-13's is "4": its "6" is the upper bound), lower
    ///   "" 3 2 3 4 4 4, upper "" 6 6 6 7 8 8, tempsMax "" 11 14 15 15 15 16, lower "" 8 12
    ///   12 13 13 13, upper "" 13 16 17 17 17 19.
    /// - 東京 2026-01-05 (17:00) read at 01:00 the next day: the week starts 01-06 (Tuesday),
    ///   which is now today. 130010: codes 101 211 201 101 201 101 101, pops "" 20 30 20 30 20
    ///   20, reliabilities "" "" A A A A A; 44132: tempsMin "" 1 2 1 2 3 2, lower "" 0 0 0 1
    ///   1 1, upper "" 3 3 3 4 4 4, tempsMax "" 10 11 9 12 13 11, lower "" 8 9 8 10 10 9,
    ///   upper "" 11 13 11 14 16 14.
    /// - 八丈島 130030 in 2021-07-24: the weekly areas are 130010, 130100 伊豆諸島, 130040; none
    ///   is 130030 or the office 130000. 八丈島's point 44263 is at index 1 of the weekly
    ///   temperatures (44132, 44263, 44301, three points for three areas), so area index 1,
    ///   130100, gives the weather: codes 201 212 203 200 201 200 200, pops "" 50 70 40 30 40
    ///   40, reliabilities "" "" B C B C C; 44263: tempsMin "" 23 24 25 24 23 24, lower "" 21
    ///   22 23 22 21 22, upper "" 24 25 26 26 25 26, tempsMax "" 28 28 30 29 29 30, lower ""
    ///   26 26 28 27 27 27, upper "" 29 29 31 30 30 31.
    /// - 名瀬 460040 in 460100-20210724: the weekly area 460040 奄美地方 is its own (index 1):
    ///   codes 302 202 202 200 200 200 200, pops "" 60 50 40 40 30 30, reliabilities "" "" C
    ///   C C B C. Its points are 88837 (today's code), 88836 (the code of 2021) and 88971; the
    ///   weekly temperatures have 88317 and 88836, so 88836 名瀬: tempsMin "" 27 26 26 26 26 26,
    ///   lower "" 26 24 25 25 24 24, upper "" 29 28 27 27 27 28, tempsMax "" 30 31 32 32 32 32,
    ///   lower "" 29 29 30 30 30 30, upper "" 32 33 34 34 34 34.
    /// - 名瀬 in 460100-20260812 (17:00): the same area; the point is now 88837: codes 200 200
    ///   202 200 200 200 200 for 08-13 (Thursday) … 08-19, pops "" 40 60 40 40 40 40,
    ///   reliabilities "" "" C C C B B; tempsMin "" 25 25 25 26 25 25, lower "" 24 23 23 24 23
    ///   23, upper "" 26 27 27 27 27 27, tempsMax "" 30 29 29 30 30 30, lower "" 28 28 27 28 28
    ///   29, upper "" 31 31 31 32 32 33.
    /// - 愛媛 (crafted from Aichi's 2025-07-17 17:00 file, whose week has one area): 松山
    ///   380010 and 新居浜 380020 have no weekly area of their own, so the office's, 380000
    ///   愛媛県, gives the weather: codes 210 101 101 101 101 101 201 for 07-18 (Friday) …
    ///   07-24, pops "" 30 20 20 20 20 30, reliabilities "" "" A A A A B. 松山 has its point
    ///   73166 (Nagoya's values: tempsMin "" 26 26 26 26 26 26, lower "" 24 25 25 24 24 24,
    ///   upper "" 27 27 28 28 27 27, tempsMax "" 34 34 35 35 35 35, lower "" 32 32 33 33 33 33,
    ///   upper "" 36 36 37 37 38 38); 新居浜's points 73136 and 73141 are not in the weekly
    ///   temperatures, so its temperatures are all empty, not 松山's.
    static let all: [WeekCase] = [
        WeekCase(file: "forecast-130000-20210724.json", office: "130000", city: "130010", clock: (2021, 7, 24, 12),
                 golden: "week-130010-20210724.tsv"),
        WeekCase(file: "forecast-130000-20260312.json", office: "130000", city: "130010", clock: (2026, 3, 12, 6),
                 golden: "week-130010-20260312.tsv"),
        WeekCase(file: "forecast-130000-20260105.json", office: "130000", city: "130010", clock: (2026, 1, 6, 1),
                 golden: "week-130010-20260105.tsv"),
        WeekCase(file: "forecast-130000-20210724.json", office: "130000", city: "130030", clock: (2021, 7, 24, 12),
                 golden: "week-130030-20210724.tsv"),
        WeekCase(file: "forecast-460100-20210724.json", office: "460100", city: "460040", clock: (2021, 7, 24, 12),
                 golden: "week-460040-20210724.tsv"),
        WeekCase(file: "forecast-460100-20260812.json", office: "460100", city: "460040", clock: (2026, 8, 12, 18),
                 golden: "week-460040-20260812.tsv"),
        WeekCase(file: "crafted/forecast-380000-crafted.json", office: "380000", city: "380010", clock: (2025, 7, 17, 18),
                 golden: "week-380010-crafted.tsv"),
        WeekCase(file: "crafted/forecast-380000-crafted.json", office: "380000", city: "380020", clock: (2025, 7, 17, 18),
                 golden: "week-380020-crafted.tsv"),
    ]
}

@Suite("A city's week from the agency's file")
struct AgencyWeekTests {
    @Test("Each week matches its golden file, worked out by hand from the sample", arguments: WeekCase.all)
    func golden(_ test: WeekCase) throws {
        // Given an office's file and a clock
        let file = try agencyFile(test.file, office: test.office)
        let (year, month, day, hour) = test.clock
        // When the city's week is read from it
        let week = try file.week(for: try CityCatalog.resolve(test.city), now: japanTime(year, month, day, hour))
        // Then every value is the one read off the sample by hand
        let expected = String(decoding: try fixture("golden/jma/" + test.golden), as: UTF8.self)
        let text = goldenText(week)
        #expect(text == expected, "\(test.golden): \(firstDifferingLine(text, expected))")
    }

    @Test("大島 in the 2021 Tokyo file has no weekly area: it fails, and never takes 東京's or 伊豆諸島's week")
    func oshimaFails() throws {
        // The weekly areas are 130010, 130100 and 130040: not 130020, not 130000; 大島's point
        // 44172 is not among the weekly temperatures (44132, 44263, 44301).
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        #expect(throws: ForecastError.notInAgencyFile(
            office: "130000",
            problem: "has no weekly forecast for 130020 伊豆諸島北部: no weekly area is 130020 or 130000 "
                + "(it has 130010 東京地方, 130100 伊豆諸島, 130040 小笠原諸島), and none of its points (44172) has weekly temperatures")) {
            try file.week(for: try CityCatalog.resolve("130020"), now: japanTime(2021, 7, 24, 12))
        }
        #expect(ForecastError.notInAgencyFile(office: "130000", problem: "x").kind == .area)
        // In 2026 the weekly forecast has 伊豆諸島北部 130020 itself, with 大島's point.
        let later = try agencyFile("forecast-130000-20260312.json", office: "130000")
        let week = try later.week(for: try CityCatalog.resolve("130020"), now: japanTime(2026, 3, 12, 6))
        #expect(week.area == AgencyPlace(code: "130020", name: "伊豆諸島北部"))
        #expect(week.temperaturePoint == AgencyPlace(code: "44172", name: "大島"))
        #expect(week.days[1].min.value == 6 && week.days[1].code == "214")
    }

    @Test("A day before today (an old file) is left out; dates and weekdays come from timeDefines")
    func pastDaysDropped() throws {
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        let tokyo = try CityCatalog.resolve("130010")
        let late = try file.week(for: tokyo, now: japanTime(2021, 7, 27, 8))
        #expect(late.days.map(\.date) == ["2021-07-27", "2021-07-28", "2021-07-29", "2021-07-30", "2021-07-31"])
        #expect(late.days.map { $0.weekday.name(.en) } == ["Tue", "Wed", "Thu", "Fri", "Sat"])
        // 23:59 JST on the 24th is still the 24th: seven days; 00:00 on the 26th drops the 25th.
        #expect(try file.week(for: tokyo, now: japanTime(2021, 7, 24, 23, 59)).days.count == 7)
        #expect(try file.week(for: tokyo, now: japanTime(2021, 7, 26, 0)).days.first?.date == "2021-07-26")
    }

    @Test("A file with no day from today on fails the city in words, not a week of no days")
    func outdatedFile() throws {
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        let tokyo = try CityCatalog.resolve("130010")
        // The last day of its week is 07-31: that day still reads; the next one has nothing.
        #expect(try file.week(for: tokyo, now: japanTime(2021, 7, 31, 23, 59)).days.map(\.date) == ["2021-07-31"])
        #expect(throws: ForecastError.notInAgencyFile(
            office: "130000", problem: "has nothing from 2021-08-01 on: it is the forecast of 2021-07-24 11:00 JST"
        )) {
            try file.week(for: tokyo, now: japanTime(2021, 8, 1, 0))
        }
    }

    @Test("A city of another office is refused, not read from this file")
    func wrongOffice() throws {
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        #expect(throws: ForecastError.self) {
            try file.week(for: try CityCatalog.resolve("140010"), now: japanTime(2021, 7, 24, 12))
        }
        #expect(throws: ForecastError.self) {
            try file.forecast(for: try CityCatalog.resolve("140010"), now: japanTime(2021, 7, 24, 12))
        }
    }

    @Test("English phrases, and the offices of all 142 cities: 56 requests for a week of every city")
    func englishAndOffices() throws {
        let file = try agencyFile("forecast-130000-20210724.json", office: "130000")
        let week = try file.week(for: try CityCatalog.resolve("130010"), now: japanTime(2021, 7, 24, 12))
        #expect(week.days.map { $0.telop(.en) ?? "" }.prefix(3) == ["Mostly cloudy", "Cloudy", "Cloudy, frequent scattered showers"])
        #expect(AgencyArea.offices(for: CityCatalog.all).count == 56)
    }
}
