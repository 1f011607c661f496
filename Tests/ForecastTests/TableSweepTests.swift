import Forecast
import Testing

/// The table at every width from 40 to 120 (and a few below), checked against the rules every
/// table keeps: no line wider than the width, no city name, date or number broken across lines,
/// no column that comes back at a larger width, every printed city in the footer.
@Suite("Table at every width")
struct TableSweepTests {
    /// The six real fixtures, a stale copy for 石垣島 (Ishigakijima Island) with the longest
    /// phrase of the API's table and an older publication time, and 与那国島 (Yonagunijima
    /// Island) failed: the longest English names of the catalog.
    static func results() throws -> [FetchResult] {
        var stale = try decodeFixture("crafted/long-telop.json")
        stale.location.city = "石垣島"
        stale.publicTime = "2022-05-18T17:00:00+09:00"
        let ishigaki = FetchResult(
            city: try CityCatalog.resolve("474010"), outcome: .success(stale), info: FetchInfo(source: .cache),
            stale: Staleness(error: .http(status: 503, attempts: 3), fetched: 1_652_860_800, age: 10_800))
        return try ["130010", "140010", "400040", "330010", "090010", "120010"].map { try result($0) }
            + [ishigaki, try failed("474020", .http(status: 503, attempts: 3))]
    }

    @Test("From 40 to 120 columns: every line fits, nothing is broken, columns only come as it widens, the footer names every city",
          arguments: Language.allCases, [1, 3])
    func everyWidth(_ language: Language, days: Int) throws {
        let results = try Self.results()
        sweepFortyToOneTwenty("\(language) days \(days)") { width in
            RenderedTable(results: results, days: days, language: language, width: width)
        }
    }

    @Test("Below 40 columns a line may be wider, but no city name, date or number breaks",
          arguments: Language.allCases, [10, 20, 30, 39])
    func belowForty(_ language: Language, width: Int) throws {
        for days in [1, 3] {
            let table = RenderedTable(results: try Self.results(), days: days, language: language, width: width)
            recordProblems(of: table, "\(language) days \(days) at \(width)")
        }
    }

    @Test("The drop sequence is the same in both languages: the same column sets, in the same order")
    func sameSequence() throws {
        let results = [try result("130010")]
        func sequence(_ language: Language) -> [[String]] {
            var sets: [[String]] = []
            for width in (20...120).reversed() {
                let columns = RenderedTable(results: results, days: 1, language: language, width: width).neutralColumns
                if sets.last != columns { sets.append(columns) }
            }
            return sets
        }
        let ja = sequence(.ja)
        #expect(ja == sequence(.en))
        #expect(ja.count == 5, "\(ja)")
    }
}

/// One rendering of the table, and what it should show.
struct RenderedTable: SweptTable {
    let results: [FetchResult]
    let days: Int
    let language: Language
    let text: String
    let lines: [String]

    init(results: [FetchResult], days: Int, language: Language, width: Int) {
        self.results = results
        self.days = days
        self.language = language
        text = TableFormatter(days: days, language: language, width: width).format(results)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func tokens(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

    /// The header's column names; the four rain periods also stand for the one rain column they become.
    var columns: [String] {
        let names = lines.count > 1 ? Self.tokens(lines[1]) : []
        return names.contains("00-06") ? names + [language == .en ? "rain" : "降水"] : names
    }

    /// The column names in English, whatever the language.
    var neutralColumns: [String] {
        let english = ["ID": "id", "地点": "city", "日": "day", "日付": "date", "天気": "weather", "最低": "min",
                       "最高": "max", "降水": "rain"]
        return (lines.count > 1 ? Self.tokens(lines[1]) : []).map { english[$0] ?? $0 }
    }

    /// The lines after the last blank one: the publication times.
    var footer: [String] {
        guard let blank = lines.dropLast().lastIndex(of: "") else { return [] }
        return lines[(blank + 1)...].filter { !$0.isEmpty }
    }

    /// The pieces a name may not break into: the whole name in Japanese, each word in English.
    func units(of result: FetchResult) -> [String] {
        let name = result.name(language)
        return language == .en ? name.split(separator: " ").map(String.init) : [name]
    }

    /// Everything broken or missing, as readable sentences; empty when the table keeps every rule.
    func problems() -> [String] {
        var problems: [String] = []
        let times = results.compactMap { $0.forecast?.publicTime }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let listsCities = times.count > 1
        let allTokens = lines.flatMap(Self.tokens)
        // City names: once in the rows, once more in the footer when it lists cities.
        for unit in Set(results.flatMap(units(of:))) {
            let expected = results.reduce(0) { total, result in
                total + units(of: result).filter { $0 == unit }.count * (result.forecast != nil && listsCities ? 2 : 1)
            }
            let found = text.ranges(of: unit).count
            if found != expected { problems.append("\(unit) appears \(found) times whole, not \(expected)") }
        }
        // Dates: each publication time's date and clock time whole, and the row dates when shown.
        for time in times {
            let date = String(time.prefix(10)), clock = String(time.dropFirst(11).prefix(5))
            for token in [date, clock] {
                let expected = times.filter { $0.prefix(10) == token || $0.dropFirst(11).prefix(5) == token }.count
                if allTokens.filter({ $0 == token }).count != expected { problems.append("\(token) not whole \(expected) times") }
            }
        }
        let showsDate = columns.contains("date") || columns.contains("日付")
        let showsID = columns.contains("id") || columns.contains("ID")
        let splitsRain = columns.contains("00-06")
        // Numbers: each day's temperatures and chances of rain whole, on one line, in order.
        var cursor = 2
        for result in results {
            guard let forecast = result.forecast else {
                if !allTokens.contains("503") { problems.append("the failed row's 503 is broken") }
                continue
            }
            for (offset, day) in forecast.forecasts.prefix(days).enumerated() {
                let rain = day.chanceOfRain.periods.map { $0.map { "\($0)%" } ?? "-" }
                let ahead = day.chanceOfRain.periods.compactMap { $0 }.max().map { "\($0)%" } ?? "-"
                let tail = [Self.number(day.temperature.min.celsius), Self.number(day.temperature.max.celsius)]
                    + (splitsRain ? rain : [ahead])
                guard let index = lines.indices.dropFirst(cursor).first(where: { Self.tokens(lines[$0]).suffix(tail.count) == tail[...] }) else {
                    problems.append("\(result.city.id) day \(offset + 1): no line ends with \(tail)")
                    continue
                }
                let tokens = Self.tokens(lines[index])
                if showsDate, !tokens.contains(String(day.date.suffix(5))) { problems.append("\(day.date) not whole") }
                if showsID, offset == 0, tokens.first != result.city.id { problems.append("\(result.city.id) not first") }
                cursor = index + 1
            }
            if result.stale != nil, !allTokens.contains("(stale,") { problems.append("no stale line") }
        }
        // The footer: every city with a forecast, on one line, and no failed one.
        for result in results where listsCities {
            let name = result.name(language)
            let listed = footer.contains { $0.contains(name) }
            if listed != (result.forecast != nil) { problems.append("\(name) \(listed ? "is" : "is not") in the footer") }
        }
        return problems
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
