import Forecast
import Foundation
import Testing
import TestSupport

/// The weeks the format tests print.
enum WeeklyRun: Sendable {
    /// 東京 and 八丈島 from the 2021-07-24 Tokyo file, 大島 failed (it has no weekly area
    /// there), 名瀬 from the 2026-08-12 Kagoshima file: two publication times.
    case fourCities
    /// 東京 from the crafted file with an unknown weather code (999 on 03-14).
    case unknownCode

    func results() throws -> [WeeklyResult] {
        switch self {
        case .fourCities:
            let tokyoFile = try agencyFile("forecast-130000-20210724.json", office: "130000")
            let kagoshima = try agencyFile("forecast-460100-20260812.json", office: "460100")
            return [
                try weekly(tokyoFile, "130010", japanTime(2021, 7, 24, 12)),
                try weekly(tokyoFile, "130030", japanTime(2021, 7, 24, 12)),
                try weekly(tokyoFile, "130020", japanTime(2021, 7, 24, 12)),
                try weekly(kagoshima, "460040", japanTime(2026, 8, 12, 18)),
            ]
        case .unknownCode:
            let file = try agencyFile("crafted/unknown-code.json", office: "130000")
            return [try weekly(file, "130010", japanTime(2026, 3, 12, 6))]
        }
    }
}

/// A city's week as the client would hand it over: the week, or the error reading it.
func weekly(_ file: AgencyForecast, _ id: String, _ now: Int) throws -> WeeklyResult {
    let city = try CityCatalog.resolve(id)
    do {
        return WeeklyResult(city: city, outcome: .success(try file.week(for: city, now: now)))
    } catch {
        return WeeklyResult(city: city, outcome: .failure(error))
    }
}

/// One golden file of the week formats.
struct WeeklyGoldenCase: CustomTestStringConvertible, Sendable {
    let file: String
    let formatter: any ResultFormatter
    let run: WeeklyRun

    var testDescription: String { file }

    static let template = (try? FormatTemplate("%i|%l|%P|%d|%w|%D|%c|%C|%L|%H|%p|%r|%%"))!

    static let all: [WeeklyGoldenCase] = [
        WeeklyGoldenCase(file: "four-cities.week.tsv", formatter: TSVFormatter(), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.en.tsv", formatter: TSVFormatter(language: .en), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.json", formatter: JSONFormatter(), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.en.json", formatter: JSONFormatter(language: .en), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.line.txt", formatter: LineFormatter(days: 7), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.en.line.txt", formatter: LineFormatter(days: 7, language: .en), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.template.txt", formatter: TemplateFormatter(template: template, days: 7), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.en.template.txt", formatter: TemplateFormatter(template: template, days: 7, language: .en),
                         run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.table.txt", formatter: TableFormatter(), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.en.table.txt", formatter: TableFormatter(language: .en), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.40-columns.table.txt", formatter: TableFormatter(width: 40), run: .fourCities),
        WeeklyGoldenCase(file: "four-cities.week.en.40-columns.table.txt", formatter: TableFormatter(language: .en, width: 40),
                         run: .fourCities),
        WeeklyGoldenCase(file: "unknown-code.week.tsv", formatter: TSVFormatter(header: false), run: .unknownCode),
        WeeklyGoldenCase(file: "unknown-code.week.json", formatter: JSONFormatter(), run: .unknownCode),
        WeeklyGoldenCase(file: "unknown-code.week.line.txt", formatter: LineFormatter(days: 7), run: .unknownCode),
        WeeklyGoldenCase(file: "unknown-code.week.table.txt", formatter: TableFormatter(), run: .unknownCode),
    ]
}

@Suite("Week formatters")
struct WeeklyFormatterTests {
    @Test("Every week format matches its golden file byte for byte", arguments: WeeklyGoldenCase.all)
    func golden(_ golden: WeeklyGoldenCase) throws {
        // Given the weeks of a run, in input order
        let results = try golden.run.results()
        // When they are formatted
        let text = golden.formatter.format(results)
        // Then the text is the reviewed golden file
        let expected = String(decoding: try fixture("golden/jma/" + golden.file), as: UTF8.self)
        #expect(text == expected, "\(golden.file): \(firstDifferingLine(text, expected))")
        // And an epilogue that does not read the results is the same without them
        let formatter = golden.formatter
        #expect((formatter.epilogue(for: results) == formatter.epilogue(for: [WeeklyResult]())) != formatter.epilogueReadsResults)
    }

    @Test("TSV: ten columns on every line; id, city and prefecture as the 3-day TSV prints them; no rows for a failed city")
    func tsvShape() throws {
        let results = try WeeklyRun.fourCities.results()
        for language in Language.allCases {
            let text = TSVFormatter(language: language).format(results)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1 + 3 * 7)
            #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 10 })
            #expect(!text.contains("130020"))
            let threeDay = TSVFormatter(days: 1, header: false, language: language).format([try result("130010")])
            #expect(threeDay.split(separator: "\t").prefix(3) == lines[1].split(separator: "\t").prefix(3))
        }
        #expect(!TSVFormatter(header: false).format(results).hasPrefix("id\t"))
    }

    @Test("days limits every format; an unknown code is the code, with no icon; JSON's telop is null for it")
    func daysAndUnknownCode() throws {
        let results = try WeeklyRun.unknownCode.results()
        #expect(TSVFormatter(days: 2, header: false).format(results).split(separator: "\n").count == 2)
        #expect(LineFormatter(days: 3).format(results) == "東京 木 🌤️ -/-°C - | 金 ☁️ 4/11°C 40% | 土 999 4/14°C 20%\n")
        let template = try FormatTemplate("%c %C %w %r")
        #expect(TemplateFormatter(template: template, days: 3).format(results).split(separator: "\n")[2] == "999 999 土 A")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter().format(results).utf8)) as? [[String: Any]])
        let day = try #require((json[0]["days"] as? [[String: Any]])?[2])
        #expect(day["code"] as? String == "999" && day["telop"] is NSNull)
    }

    @Test("A week read from an older cached file says so: JSON's stale and fetched_at, the line's age")
    func stale() throws {
        let week = try #require(try WeeklyRun.unknownCode.results()[0].week)
        let result = WeeklyResult(
            city: try CityCatalog.resolve("130010"), outcome: .success(week), info: FetchInfo(source: .cache),
            stale: Staleness(error: .http(status: 503, attempts: 3), fetched: 1_773_219_600, age: 10_800))
        #expect(result.failed && result.error == nil)
        #expect(LineFormatter(days: 1).format([result]) == "東京 木 🌤️ -/-°C - (stale, 3 h old)\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter().format([result]).utf8)) as? [[String: Any]])
        #expect(json[0]["stale"] as? Bool == true && json[0]["fetched_at"] as? String == "2026-03-11T18:00:00+09:00")
        #expect(json[0]["source"] as? String == "jma" && (json[0]["days"] as? [Any])?.count == 7)
    }

    @Test("The 3-day template: %w is the day's weekday, %r is '-'")
    func threeDayTemplate() throws {
        let template = try FormatTemplate("%d %w %r")
        #expect(TemplateFormatter(template: template, days: 2).format([try result("130010")]) == "2022-05-19 木 -\n2022-05-20 金 -\n")
        #expect(TemplateFormatter(template: template, language: .en).format([try result("130010")]) == "2022-05-19 Thu -\n")
        #expect(FormatTemplate.Placeholder(rawValue: "w")?.summary == "day of the week (日, Sun)")
    }

    @Test("Weekdays from dates, in both languages")
    func weekdays() {
        #expect(Weekday(date: "2021-07-25") == .sunday)
        #expect(Weekday(date: "2026-03-12") == .thursday)
        #expect(Weekday(date: "1969-12-31") == .wednesday)
        #expect(Weekday(date: "2021-7-25") == nil && Weekday(date: "2021-13-01") == nil)
        #expect(Weekday.allCases.map { $0.name(.ja) }.joined() == "日月火水木金土")
        #expect(Weekday.allCases.map { $0.name(.en) } == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
    }
}
