@testable import Forecast
import Foundation
import Testing
import TestSupport

/// The sun's times in every format (TSV, JSON, the line, templates, the table at every width),
/// `%S` and `%s` in the other reports' templates, and ``CitySun/results(for:from:count:)``.
/// The times themselves against the almanac are `SunTests`'.
@Suite("The sun: the formats")
struct SunFormatTests {
    /// 東京 and 大阪 for three days from the solstice of 2026.
    static func results(count: Int = 3) throws -> [CityResult<CitySun>] {
        CitySun.results(for: [try CityCatalog.resolve("130010"), try CityCatalog.resolve("270000")], from: "2026-06-21", count: count)
    }

    /// A city of the same run that has no times: its date is no date.
    static func failedResult() throws -> CityResult<CitySun> {
        try #require(CitySun.results(for: [try CityCatalog.resolve("471010")], from: "2026-02-30", count: 1).first)
    }

    /// The lines of a text, without the empty one after its last newline.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Minutes after midnight of "HH:MM".
    static func minutes(_ clock: Substring) -> Int? {
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.utf8.count == 5, parts.count == 2, let hours = Int(parts[0]), let rest = Int(parts[1]), rest < 60 else { return nil }
        return hours * 60 + rest
    }

    @Test("CitySun.results: a date that is no date fails every city, saying so; a date gives each city its days; both computed")
    func results() throws {
        let cities = [try CityCatalog.resolve("130010"), try CityCatalog.resolve("016010")]
        for bad in ["2026-02-30", "2026-13-01", "yesterday", ""] {
            let failed = CitySun.results(for: cities, from: bad, count: 3)
            #expect(failed.map(\.city.id) == ["130010", "016010"], "\(bad)")
            for result in failed {
                #expect(result.value == nil, "\(bad)")
                #expect(result.error == .other("\(bad) is not a date of the calendar"), "\(bad)")
                #expect(result.info.source == .computed)
            }
        }
        let good = CitySun.results(for: cities, from: "2028-02-28", count: 3)
        #expect(good.map(\.city.id) == ["130010", "016010"])
        #expect(good.allSatisfy { $0.error == nil && $0.info.source == .computed })
        #expect(good.map { $0.value?.days.map(\.date) } == Array(repeating: ["2028-02-28", "2028-02-29", "2028-03-01"], count: 2))
        #expect(good[1].value?.latitude == cities[1].latitude && good[1].value?.longitude == cities[1].longitude)
        #expect(CitySun.results(for: [], from: "2026-06-21", count: 1).isEmpty)
    }

    @Test("TSV: the header, a row a day in HH:MM JST zero-padded, the daylight the difference of the printed times; a failed city has no row")
    func tsv() throws {
        let text = TSVFormatter().format(try Self.results() + [try Self.failedResult()])
        let lines = Self.lines(text)
        #expect(lines == [
            "id\tcity\tprefecture\tdate\tsunrise\tsunset\tdaylight",
            "130010\t東京\t東京都\t2026-06-21\t04:25\t19:00\t14:35",
            "130010\t東京\t東京都\t2026-06-22\t04:26\t19:00\t14:34",
            "130010\t東京\t東京都\t2026-06-23\t04:26\t19:00\t14:34",
            "270000\t大阪\t大阪府\t2026-06-21\t04:45\t19:14\t14:29",
            "270000\t大阪\t大阪府\t2026-06-22\t04:45\t19:14\t14:29",
            "270000\t大阪\t大阪府\t2026-06-23\t04:46\t19:15\t14:29",
        ], "\(text)")
        #expect(TSVFormatter(header: false, language: .en).format(try Self.results(count: 1)) == """
            130010\tTokyo\tTokyo\t2026-06-21\t04:25\t19:00\t14:35
            270000\tOsaka\tOsaka\t2026-06-21\t04:45\t19:14\t14:29

            """)
    }

    @Test(
        "Every city of the catalog on every day of a leap year: a sunrise in the morning and a sunset in the evening, the daylight their difference",
        .enabled(if: !Sanitizer.isActive, "52,000 days of arithmetic through a sanitizer starve the sanitized suite's timing tests; the plain suite runs it"))
    func everyCityAYear() throws {
        let text = TSVFormatter(header: false).format(CitySun.results(for: CityCatalog.all, from: "2028-01-01", count: 366))
        let lines = Self.lines(text)
        #expect(lines.count == CityCatalog.all.count * 366)
        var earliest = Int.max, latest = Int.min
        var wrong: [String] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 7, let sunrise = Self.minutes(fields[4]), let sunset = Self.minutes(fields[5]),
                  let daylight = Self.minutes(fields[6])
            else {
                wrong.append("not a row of times: \(line)")
                continue
            }
            // Japan lies between 24°N and 46°N, 122°E and 146°E: no sunrise before 3:30 or after
            // 7:45, no sunset before 15:30 or after 19:50 (根室 in June 3:37 and in December
            // 15:42, 与那国島 in January 7:34 and in July 19:41).
            if daylight != sunset - sunrise || !(210...465).contains(sunrise) || !(930...1190).contains(sunset) {
                wrong.append(line)
            }
            earliest = min(earliest, sunrise)
            latest = max(latest, sunset)
        }
        #expect(wrong.isEmpty, "\(wrong.count) rows, the first: \(wrong.prefix(5))")
        #expect(earliest < 3 * 60 + 45 && latest > 19 * 60 + 35, "the north-east's June mornings and the south-west's July evenings")
    }

    @Test("JSON: the city, its latitude and longitude as numbers, then the days; a failed city's error")
    func json() throws {
        let text = JSONFormatter().format(try Self.results(count: 2) + [try Self.failedResult()])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let tokyo = array[0]
        #expect(Set(tokyo.keys) == ["id", "city", "prefecture", "latitude", "longitude", "days"])
        #expect(tokyo["id"] as? String == "130010" && tokyo["city"] as? String == "東京" && tokyo["prefecture"] as? String == "東京都")
        #expect(tokyo["latitude"] as? Double == 35.6917 && tokyo["longitude"] as? Double == 139.75)
        let days = try #require(tokyo["days"] as? [[String: String]])
        #expect(days == [
            ["date": "2026-06-21", "sunrise": "2026-06-21T04:25:00+09:00", "sunset": "2026-06-21T19:00:00+09:00", "daylight": "14:35"],
            ["date": "2026-06-22", "sunrise": "2026-06-22T04:26:00+09:00", "sunset": "2026-06-22T19:00:00+09:00", "daylight": "14:34"],
        ])
        #expect(text.contains("\"latitude\": 35.6917, \"longitude\": 139.75,"), "numbers, not strings: \(text)")
        #expect(Set(array[2].keys) == ["id", "city", "error", "error_kind"])
        #expect(array[2]["error"] as? String == "2026-02-30 is not a date of the calendar" && array[2]["error_kind"] as? String == "other")
        let english = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter(language: .en).format(try Self.results(count: 1)).utf8)) as? [[String: Any]])
        #expect(english[1]["city"] as? String == "Osaka" && english[1]["latitude"] as? Double == 34.6817)
    }

    @Test("The line: the first day after the city's name, a later one led by its month and day; a failed city: (failed)")
    func line() throws {
        #expect(LineFormatter(days: .max).format(try Self.results()) == """
            東京 ↑04:25 ↓19:00 | 06-22 ↑04:26 ↓19:00 | 06-23 ↑04:26 ↓19:00
            大阪 ↑04:45 ↓19:14 | 06-22 ↑04:45 ↓19:14 | 06-23 ↑04:46 ↓19:15

            """)
        #expect(LineFormatter(days: .max, language: .en).format(try Self.results(count: 1)) == "Tokyo ↑04:25 ↓19:00\nOsaka ↑04:45 ↓19:14\n")
        #expect(LineFormatter(days: .max).format([try Self.failedResult()]) == "那覇 (failed)\n")
    }

    @Test("Templates: a line a day with %d, %w, %S and %s; the forecasts' placeholders print -; a failed city keeps its name, ? for the rest")
    func template() throws {
        let text = TemplateFormatter(template: try FormatTemplate("%i %l %d %w ↑%S ↓%s %C %t"), days: .max).format(try Self.results(count: 2))
        #expect(text == """
            130010 東京 2026-06-21 日 ↑04:25 ↓19:00 - -
            130010 東京 2026-06-22 月 ↑04:26 ↓19:00 - -
            270000 大阪 2026-06-21 日 ↑04:45 ↓19:14 - -
            270000 大阪 2026-06-22 月 ↑04:45 ↓19:14 - -

            """)
        let english = TemplateFormatter(template: try FormatTemplate("%l %w %S-%s"), days: .max, language: .en)
        #expect(english.format(try Self.results(count: 1)) == "Tokyo Sun 04:25-19:00\nOsaka Sun 04:45-19:14\n")
        #expect(TemplateFormatter(template: try FormatTemplate("%l %S %s"), days: .max).format([try Self.failedResult()]) == "那覇 ? ?\n")
    }

    @Test("%S and %s in the 3-day forecast: each row's own day at the city; a failed city prints ?")
    func forecastTemplate() throws {
        let tokyo = try result("130010")
        let forecast = try #require(tokyo.value)
        let template = try FormatTemplate("%d %S %s")
        let text = TemplateFormatter(template: template, days: 3).format([tokyo])
        let first = forecast.forecasts[0].date
        let sun = try #require(CitySun(city: tokyo.city, from: first, count: forecast.forecasts.count))
        let expected = zip(forecast.forecasts, sun.days).map { day, times in
            "\(day.date) \(SunDay.clock(times.sunrise) ?? "?") \(SunDay.clock(times.sunset) ?? "?")\n"
        }.joined()
        #expect(text == expected)
        #expect(Self.lines(text).count == forecast.forecasts.count)
        #expect(TemplateFormatter(template: try FormatTemplate("%l %S %s")).format([try failed("140010", .cancelled)]) == "横浜 ? ?\n")
    }

    @Test("%S and %s in the warnings: today's in Japan, whatever the report's date")
    func warningsTemplate() throws {
        let tokyo = try CityCatalog.resolve("130010")
        let warnings = CityWarnings(office: "130000", reported: "2021-01-01T10:00:00+09:00", warnings: [])
        let before = CitySun.today(epoch: Int(Date().timeIntervalSince1970))
        let text = TemplateFormatter(template: try FormatTemplate("%l %S %s"))
            .format([CityResult(city: tokyo, outcome: .success(warnings), provider: .jma)])
        let after = CitySun.today(epoch: Int(Date().timeIntervalSince1970))
        let expected = try [before, after].map { date in
            let day = try #require(CitySun(city: tokyo, from: date, count: 1)?.days.first)
            return "東京 \(SunDay.clock(day.sunrise) ?? "?") \(SunDay.clock(day.sunset) ?? "?")\n"
        }
        #expect(expected.contains(text), "\(text) against \(expected)")
    }

    @Test("The table from 40 to 120 columns in both languages: the columns it drops, the footer naming each city's point, English headers")
    func table() throws {
        for language in Language.allCases {
            var stage = Int.max
            for width in 40...120 {
                let text = TableFormatter(days: .max, language: language, width: width).format(try Self.results(count: 2))
                let lines = text.split(separator: "\n").map(String.init)
                let lead = language == .ja ? "地点" : "At"
                #expect(lines.suffix(2) == [
                    "\(lead) 35.6917N 139.7500E: \(language == .ja ? "東京" : "Tokyo")",
                    "\(lead) 34.6817N 135.5183E: \(language == .ja ? "大阪" : "Osaka")",
                ], "\(language) at \(width):\n\(text)")
                for time in ["04:25", "19:00", "04:26", "04:45", "19:14"] {
                    #expect(text.contains(time), "\(language) at \(width): \(time)\n\(text)")
                }
                let header = try #require(lines.first)
                let titles = language == .ja ? ["日付", "日の出", "日の入り"] : ["date", "sunrise", "sunset"]
                #expect(titles.allSatisfy(header.contains), "\(language) at \(width): \(header)")
                let layout = TableFormatter.layout(for: CitySun.self, width: width, language: language)
                #expect(layout.stage <= stage, "\(language): a column shown at \(width - 1) is gone at \(width)")
                stage = layout.stage
                if width == 120 {
                    #expect(header.split(separator: " ") == (language == .ja
                        ? ["ID", "地点", "日付", "曜", "日の出", "日の入り", "昼の長さ"]
                        : ["id", "city", "date", "day", "sunrise", "sunset", "daylight"]), "\(header)")
                    #expect(text.contains("14:35") && text.contains("2026-06-22"))
                }
            }
            #expect(stage == 0, "at 120 columns every column is shown")
        }
        // One city: its point alone, without its name.
        let one = TableFormatter(days: .max, language: .ja, width: 80).format([try #require(try Self.results(count: 1).first)])
        #expect(one.split(separator: "\n").last == "地点 35.6917N 139.7500E", "\(one)")
        let english = TableFormatter(days: .max, language: .en, width: 80).format([try #require(try Self.results(count: 1).first)])
        #expect(english.split(separator: "\n").last == "At 35.6917N 139.7500E", "\(english)")
    }

    /// What is wrong with the table at `width`: each line wider than it, and each row whose
    /// times do not end where their titles do (they are right-aligned under them).
    static func tableFaults(language: Language, width: Int) throws -> (overflowing: [String], misaligned: [String]) {
        let text = TableFormatter(days: .max, language: language, width: width).format(try Self.results(count: 2))
        let lines = text.split(separator: "\n").map(String.init)
        let overflowing = lines.filter { DisplayWidth.of($0) > width }.map { "at \(width), \(DisplayWidth.of($0)) cells: \($0)" }
        guard lines.count > 1 else { return (overflowing, ["at \(width), no row:\n\(text)"]) }
        let header = lines[0], row = lines[1]
        let titles = language == .ja ? ["日の出", "日の入り", "昼の長さ"] : ["sunrise", "sunset", "daylight"]
        let ends = titles.compactMap { title in header.range(of: title).map { DisplayWidth.of(String(header[..<$0.upperBound])) } }
        let times = row.matches(of: /\d\d:\d\d/).map { DisplayWidth.of(String(row[..<$0.range.upperBound])) }
        let misaligned = ends == times ? [] : ["at \(width), the titles end at \(ends), the times at \(times):\n\(header)\n\(row)"]
        return (overflowing, misaligned)
    }

    @Test("The English table: every line within the width from 40 to 120 columns, each time right-aligned under its title")
    func englishTableFits() throws {
        for width in 40...120 {
            let faults = try Self.tableFaults(language: .en, width: width)
            #expect(faults.overflowing.isEmpty && faults.misaligned.isEmpty, "\(faults.overflowing + faults.misaligned)")
        }
    }

    @Test("The Japanese table: every line within the width from 40 to 120 columns, each time right-aligned under its title")
    func japaneseTableFits() throws {
        let faults = try (40...120).map { try Self.tableFaults(language: .ja, width: $0) }
        let overflowing = faults.flatMap(\.overflowing), misaligned = faults.flatMap(\.misaligned)
        // Before: 日の入り's and 昼の長さ's columns were 6 cells wide under 8-cell titles, so the
        // header passed the width at 44, 45, 48, 49 and 56 to 59 columns.
        #expect(overflowing.isEmpty, "\(overflowing.joined(separator: "\n"))")
        #expect(misaligned.isEmpty, "at \(misaligned.count) widths, the first: \(misaligned.first ?? "")")
    }
}
