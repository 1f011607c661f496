@testable import Forecast
import Testing

/// The weekly table at every width from 40 to 120 (and a few below), checked against the
/// rules every table keeps: no line wider than the width, no city name, date or number broken
/// across lines, no column that comes back at a larger width, every printed city in the footer
/// with the agency credited.
@Suite("Weekly table at every width")
struct WeeklyTableSweepTests {
    /// The four cities of the golden files (大島's reason without the area names it quotes,
    /// which would count as city names: 東京地方); a stale week for 石垣島 (Ishigakijima Island) with
    /// JMA's longest phrase (code 120) and an unknown code, published at another time; and
    /// 与那国島 (Yonagunijima Island) failed: the longest English names of the catalog.
    static func results() throws -> [WeeklyResult] {
        var week = try #require(try WeeklyRun.unknownCode.results()[0].week)
        week.days[0].code = "120"
        let ishigaki = WeeklyResult(
            city: try CityCatalog.resolve("474010"), outcome: .success(week), info: FetchInfo(source: .cache),
            stale: Staleness(error: .http(status: 503, attempts: 3), fetched: 1_773_219_600, age: 10_800))
        let yonaguni = WeeklyResult(city: try CityCatalog.resolve("474020"), outcome: .failure(.http(status: 503, attempts: 3)))
        var four = try WeeklyRun.fourCities.results()
        four[2] = WeeklyResult(city: four[2].city, outcome: .failure(.notInAgencyFile(
            office: "130000", problem: "has no weekly forecast for 130020 伊豆諸島北部: no weekly area is 130020 or 130000, "
                + "and none of its points (44172) has weekly temperatures")))
        return four + [ishigaki, yonaguni]
    }

    @Test("From 40 to 120 columns: every line fits, nothing is broken, columns only come as it widens, the footer names every city",
          arguments: Language.allCases, [1, 7])
    func everyWidth(_ language: Language, days: Int) throws {
        let results = try Self.results()
        sweepFortyToOneTwenty("\(language) days \(days)") { width in
            RenderedWeekTable(results: results, days: days, language: language, width: width)
        }
    }

    @Test("Below 40 columns a line may be wider, but no city name, date or number breaks",
          arguments: Language.allCases, [10, 20, 30, 39])
    func belowForty(_ language: Language, width: Int) throws {
        for days in [1, 7] {
            let table = RenderedWeekTable(results: try Self.results(), days: days, language: language, width: width)
            recordProblems(of: table, "\(language) days \(days) at \(width)")
        }
    }

    @Test("The drop sequence is the same in both languages, at the widths the layout's table gives")
    func sameSequence() {
        func stages(_ language: Language) -> [Int: Int] {
            Dictionary(uniqueKeysWithValues: (20...120).map { ($0, TableFormatter.layout(for: WeeklyForecast.self, width: $0, language: language).stage) })
        }
        let ja = stages(.ja), en = stages(.en)
        // Where each stage starts: the "stages need" row of WeeklyTableLayout's table.
        #expect([62, 55, 47, 39, 30].map { ja[$0] } == [0, 1, 2, 3, 4])
        #expect([61, 55, 48, 43, 30].map { en[$0] } == [0, 1, 2, 3, 4])
        #expect([61, 54, 46, 38].map { ja[$0] } == [1, 2, 3, 4])
        #expect([60, 54, 47, 42].map { en[$0] } == [1, 2, 3, 4])
        // English's weather column grows until JMA's longest phrase fits: the whole width here.
        #expect(TableFormatter.layout(for: WeeklyForecast.self, width: 80, language: .en).totalWidth == 80)
        #expect(TableFormatter.layout(for: WeeklyForecast.self, width: 80, language: .ja).totalWidth == 74)
    }
}

/// One rendering of the weekly table, and what it should show.
struct RenderedWeekTable: SweptTable {
    let results: [WeeklyResult]
    let days: Int
    let language: Language
    let text: String
    let lines: [String]

    init(results: [WeeklyResult], days: Int, language: Language, width: Int) {
        self.results = results
        self.days = days
        self.language = language
        text = TableFormatter(days: days, language: language, width: width).format(results)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func tokens(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

    /// The header's column names, in English, and "city" when names have lines of their own.
    var columns: [String] {
        let english = ["ID": "id", "地点": "city", "日付": "date", "曜日": "day", "天気": "weather", "最低": "min",
                       "最高": "max", "降水": "rain", "信頼度": "rel."]
        return (lines.count > 1 ? Self.tokens(lines[1]) : []).map { english[$0] ?? $0 }
    }

    /// The lines after the last blank one: the publication times and the credit.
    var footer: [String] {
        guard let blank = lines.dropLast().lastIndex(of: "") else { return [] }
        return lines[(blank + 1)...].filter { !$0.isEmpty }
    }

    /// The pieces a name may not break into: the whole name in Japanese, each word in English.
    func units(of result: WeeklyResult) -> [String] {
        let name = result.name(language)
        return language == .en ? name.split(separator: " ").map(String.init) : [name]
    }

    /// Everything broken or missing, as readable sentences; empty when the table keeps every rule.
    func problems() -> [String] {
        var problems: [String] = []
        let times = results.compactMap { $0.week?.reportTime }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let allTokens = lines.flatMap(Self.tokens)
        for unit in Set(results.flatMap(units(of:))) {
            let expected = results.reduce(0) { total, result in
                total + units(of: result).filter { $0 == unit }.count * (result.week != nil && times.count > 1 ? 2 : 1)
            }
            let found = text.ranges(of: unit).count
            if found != expected { problems.append("\(unit) appears \(found) times whole, not \(expected)") }
        }
        for time in times {
            for token in [String(time.prefix(10)), String(time.dropFirst(11).prefix(5))] where !allTokens.contains(token) {
                problems.append("\(token) not whole")
            }
        }
        let showsDate = columns.contains("date"), showsReliability = columns.contains("rel.")
        var cursor = 2
        for result in results {
            guard let week = result.week else {
                if !allTokens.contains("503") || !allTokens.contains("(44172)") { problems.append("a failed row's number is broken") }
                continue
            }
            for day in week.days.prefix(days) {
                let tail = [RenderedTable.number(day.min.value), RenderedTable.number(day.max.value), day.rain.map { "\($0)%" } ?? "-"]
                    + (showsReliability ? [day.reliability ?? "-"] : [])
                guard let index = lines.indices.dropFirst(cursor).first(where: { Self.tokens(lines[$0]).suffix(tail.count) == tail[...] }) else {
                    problems.append("\(result.city.id) \(day.date): no line ends with \(tail)")
                    continue
                }
                let tokens = Self.tokens(lines[index])
                if showsDate, !tokens.contains(String(day.date.suffix(5))) { problems.append("\(day.date) not whole") }
                if !tokens.contains(day.weekday.name(language)) { problems.append("\(day.date): no weekday") }
                cursor = index + 1
            }
            if result.stale != nil, !allTokens.contains("(stale,") { problems.append("no stale line") }
        }
        for result in results where times.count > 1 {
            let listed = footer.contains { $0.contains(result.name(language)) }
            if listed != (result.week != nil) { problems.append("\(result.name(language)) \(listed ? "is" : "is not") in the footer") }
        }
        let credit = footer.joined(separator: " ")
        if !(language == .en ? credit.contains("Source:") && credit.contains("Meteorological") : credit.contains("出典:") && credit.contains("気象庁")) {
            problems.append("no credit to the agency in the footer")
        }
        return problems
    }
}
