import Forecast
import Foundation
import Testing
import TestSupport

@Suite("Formatters")
struct FormatterTests {
    @Test("TSV of 東京 and 横浜 matches the golden file (written by hand from the samples)")
    func tsvGolden() throws {
        let text = TSVFormatter().format([try result("130010"), try result("140010")])
        let golden = String(decoding: try fixture("golden/130010-140010.tsv"), as: UTF8.self)
        #expect(text == golden)
    }

    @Test("Every format of the six real fixtures, and of a run with one failed city, matches its golden file byte for byte",
          arguments: GoldenCase.all)
    func golden(_ golden: GoldenCase) throws {
        // Given the results of a run, as the client would hand them over in input order
        let results = try golden.run.results()
        // When they are formatted
        let text = golden.formatter.format(results)
        // Then the text is the reviewed golden file, byte for byte
        let expected = try fixture("golden/" + golden.file)
        #expect(Data(text.utf8) == expected, "\(golden.file): \(firstDifference(text, String(decoding: expected, as: UTF8.self)))")
    }

    @Test("A formatter that says its epilogue does not read the results gives the same epilogue without them",
          arguments: GoldenCase.all)
    func epilogueWithoutResults(_ golden: GoldenCase) throws {
        // The command keeps a run's results for the epilogue only when the formatter says it
        // reads them; for the others it passes none.
        let results = try golden.run.results()
        if golden.formatter.epilogueReadsResults {
            #expect(golden.formatter.epilogue(for: results) != golden.formatter.epilogue(for: [FetchResult]()), "\(golden.file)")
        } else {
            #expect(golden.formatter.epilogue(for: results) == golden.formatter.epilogue(for: [FetchResult]()), "\(golden.file)")
        }
    }

    @Test("TSV has exactly 12 columns on every line, and --no-header drops the header")
    func tsvShape() throws {
        let results = try ["130010", "090010", "330010", "120010", "400040", "140010"].map { try result($0) }
        let text = TSVFormatter().format(results)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + 6 * 3)
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 12 })
        #expect(!TSVFormatter(header: false).format(results).hasPrefix("id\t"))
        #expect(TSVFormatter(header: false).format(results) == text.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n")
    }

    @Test("TSV: unknown values are empty fields; a failed city has no rows")
    func tsvUnknownAndFailed() throws {
        let okayama = try result("330010")
        let text = TSVFormatter(days: 1, header: false).format([okayama, try failed("130010", .http(status: 503, attempts: 3))])
        #expect(text == "330010\t岡山\t岡山県\t2024-02-12\t今日\t晴れ\t\t\t\t\t\t0\n")
    }

    @Test("TSV: tabs and newlines inside values become spaces; negative and fractional numbers")
    func tsvSanitising() throws {
        var forecast = try decodeFixture("crafted/temperatures-negative-fractional.json")
        forecast.forecasts[0].telop = "晴れ\tのち\n曇り"
        forecast.location.city = "東\r\n京\u{2028}都"
        let row = TSVFormatter(days: 1, header: false).format([
            FetchResult(city: try CityCatalog.resolve("130010"), outcome: .success(forecast), info: FetchInfo(source: .cache)),
        ])
        #expect(row == "130010\t東 京 都\t東京都\t2022-05-19\t今日\t晴れ のち 曇り\t\t-0.5\t\t0\t10\t10\n")
        let day2 = TSVFormatter(days: 2, header: false).format([
            FetchResult(city: try CityCatalog.resolve("130010"), outcome: .success(forecast), info: FetchInfo(source: .cache)),
        ]).split(separator: "\n")[1]
        #expect(day2.split(separator: "\t", omittingEmptySubsequences: false)[6...7] == ["-3", "26.5"])
    }

    @Test("--days limits the rows of every format")
    func daysLimit() throws {
        let results = [try result("130010"), try result("140010")]
        for days in 1...3 {
            #expect(TSVFormatter(days: days, header: false).format(results).split(separator: "\n").count == 2 * days)
            // Two header lines, the rows, a blank line and the shared publication time.
            #expect(TableFormatter(days: days).format(results).split(separator: "\n", omittingEmptySubsequences: false).count == 2 + 2 * days + 3)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(JSONFormatter(days: days).format(results).utf8)) as? [[String: Any]])
            for city in json {
                let cityDays = try #require(city["days"] as? [Any])
                #expect(cityDays.count == days)
            }
        }
    }

    @Test("JSON: an array in input order, numbers as numbers, unknown as null, a failed city with its error")
    func json() throws {
        let results = [try result("140010"), try failed("130010", .http(status: 503, attempts: 3)), try result("330010")]
        let text = JSONFormatter().format(results)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.map { $0["id"] as? String } == ["140010", "130010", "330010"])

        let yokohama = array[0]
        #expect(yokohama["city"] as? String == "横浜")
        #expect(yokohama["prefecture"] as? String == "神奈川県")
        let days = try #require(yokohama["days"] as? [[String: Any]])
        #expect(days[0]["day"] as? String == "今日")
        #expect(days[0]["min_c"] is NSNull)
        #expect(days[0]["max_c"] as? Int == 26)
        #expect(days[0]["rain_00_06"] is NSNull)
        #expect(days[0]["rain_12_18"] as? Int == 10)
        #expect(days[1]["max_f"] as? Double == 77)

        #expect(array[1]["error"] as? String == "HTTP 503 after 3 attempts")
        #expect(array[1]["error_kind"] as? String == "http")
        #expect(array[1]["days"] == nil)
        let okayama = try #require(array[2]["days"] as? [[String: Any]])
        #expect(okayama[1]["min_c"] as? Int == -1)
        #expect(okayama[1]["min_f"] as? Double == 30.2)
    }

    @Test("--lang en: TSV's and JSON's day and the week's weekday stay 今日 and 日, keys a script selects by; people's formats translate")
    func dayKeysInEnglish() throws {
        let results = [try result("130010")]
        // GUIDE's recipe: awk -F'\t' '$5=="今日" && $12>=50'
        let rows = TSVFormatter(header: false, language: .en).format(results).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.map { $0[4] } == ["今日", "明日", "明後日"] && rows[0][1] == "Tokyo" && rows[0][5] == "Clear, cloudy later")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter(language: .en).format(results).utf8)) as? [[String: Any]])
        #expect((json[0]["days"] as? [[String: Any]])?.map { $0["day"] as? String } == ["今日", "明日", "明後日"])
        #expect(LineFormatter(days: 2, language: .en).format(results).contains("| Tomorrow "))
        let week = try WeeklyRun.fourCities.results()
        let weekRow = TSVFormatter(header: false, language: .en).format(week).split(separator: "\n")[0].split(separator: "\t")
        #expect(weekRow[4] == "日" && weekRow[1] == "Tokyo")
        #expect(LineFormatter(language: .en).format(week).hasPrefix("Tokyo Sun "))
    }

    @Test("JSON of no cities is an empty array; strings are escaped")
    func jsonEdges() throws {
        let empty = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter().format([FetchResult]()).utf8)) as? [Any])
        #expect(empty.isEmpty)
        let text = JSONFormatter().format([try failed("130010", .api(message: "quote \" back\\slash\ttab\u{1}"))])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(try #require(array.first)["error"] as? String == "the API said \"quote \" back\\slash\ttab\u{1}\"")
    }

    @Test("Table: 東京 and 八丈島 rows are aligned by display width")
    func tableAlignment() throws {
        var hachijojima = try decodeFixture("130010.json")
        hachijojima.location.city = "八丈島"
        let results = [
            try result("130010"),
            FetchResult(city: try CityCatalog.resolve("130030"), outcome: .success(hachijojima), info: FetchInfo(source: .network)),
        ]
        let lines = TableFormatter(days: 1).format(results).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let tokyo = lines[2], hachijo = lines[3]
        #expect(tokyo.hasPrefix("130010  東京      今日   05-19  晴のち曇  "))
        #expect(hachijo.hasPrefix("130030  八丈島    今日   05-19  晴のち曇  "))
        // Everything after the city column starts at the same cell in both rows.
        #expect(DisplayWidth.of(String(tokyo.prefix(while: { $0 != "今" }))) == DisplayWidth.of(String(hachijo.prefix(while: { $0 != "今" }))))
        #expect(DisplayWidth.of(tokyo) == DisplayWidth.of(hachijo))
        #expect(DisplayWidth.of(lines[1]) == DisplayWidth.of(tokyo), "header:\n\(lines[1])\n\(tokyo)")
        #expect(tokyo.hasSuffix("  -   27      -    0%   10%   10%"))
        #expect(lines[4] == "発表 2022-05-19 05:00 JST")
    }

    @Test("Table: the longest telop of the API's table wraps within its column, which keeps the others aligned")
    func tableLongTelop() throws {
        let long = try result("130010", fixture: "crafted/long-telop.json")
        let lines = TableFormatter(days: 1).format([long, try result("140010")]).split(separator: "\n").map(String.init)
        // The weather column is 13 cells wide at 80 columns: 6 wide characters a line.
        #expect(lines[2].contains("  曇海上海岸は  "))
        #expect(lines[3].trimmingCharacters(in: .whitespaces) == "霧か霧雨")
        #expect(DisplayWidth.of(String(lines[3].prefix(while: { $0 == " " }))) == DisplayWidth.of(String(lines[2].prefix(while: { $0 != "曇" }))))
        #expect(DisplayWidth.of(lines[2]) == DisplayWidth.of(lines[4]), "\(lines)")
    }

    @Test("Table: colour only when asked, °F when asked")
    func tableColourAndFahrenheit() throws {
        let results = [try result("130010")]
        #expect(!TableFormatter().format(results).contains("\u{1B}["))
        #expect(TableFormatter(color: true).format(results).contains("\u{1B}[33m晴のち曇"))
        #expect(TableFormatter(color: true).format(results).contains("\u{1B}[1m降水確率\u{1B}[0m"))
        let fahrenheit = TableFormatter(days: 1, units: .imperial).format(results)
        #expect(fahrenheit.contains("°F") && !fahrenheit.contains("°C"))
        // 27 °C is 80.6 °F, which a person reads as 81.
        #expect(fahrenheit.contains(" 81 ") && !fahrenheit.contains(" 27 "))
    }

    @Test("Line: name, telop, min/max and the highest rain chance ahead; a failed city keeps its line")
    func line() throws {
        let results = [try result("130010"), try result("330010"), try failed("140010", .cancelled)]
        #expect(LineFormatter().format(results) == "東京 晴のち曇 -/27°C 10%\n岡山 晴れ -/-°C 0%\n横浜 (failed)\n")
        #expect(LineFormatter(days: 2).format([try result("130010")]) == "東京 晴のち曇 -/27°C 10% | 明日 曇時々晴 16/27°C 20%\n")
    }

    @Test("Display width: CJK and full-width take two cells, ASCII one, combining marks none")
    func displayWidth() {
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("八丈島") == 6)
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("ＡＢ１") == 6)
        #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)  // half-width katakana is narrow
        #expect(DisplayWidth.of("\u{3000}") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("°C") == 2)
        #expect(DisplayWidth.pad("東京", to: 8) == "東京    ")
    }
}

/// One golden file: the formatter that writes it and the run it formats.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    enum Run: Sendable {
        /// The six real bodies of Fixtures/, in this order.
        case sixCities
        /// 東京, then 横浜 failed with HTTP 503 after 3 attempts, then 岡山 (a 17:00 release).
        case oneFailed

        static let sixIDs = ["130010", "140010", "090010", "330010", "400040", "120010"]

        func results() throws -> [FetchResult] {
            switch self {
            case .sixCities: try Self.sixIDs.map { try result($0) }
            case .oneFailed: [try result("130010"), try failed("140010", .http(status: 503, attempts: 3)), try result("330010")]
            }
        }
    }

    let file: String
    let formatter: any ResultFormatter
    let run: Run

    var testDescription: String { file }

    /// The formatters as the command line makes them by default (3 days, 1 for line and
    /// templates; header; no colour; 80 columns), and with --lang en and COLUMNS=60. The files
    /// were written by the command itself, run against the mock with COLUMNS=80 (60), piped,
    /// and read through before they were committed.
    static let all: [GoldenCase] = [
        GoldenCase(file: "six-cities.tsv", formatter: TSVFormatter(), run: .sixCities),
        GoldenCase(file: "six-cities.json", formatter: JSONFormatter(), run: .sixCities),
        GoldenCase(file: "six-cities.table.txt", formatter: TableFormatter(), run: .sixCities),
        GoldenCase(file: "six-cities.line.txt", formatter: LineFormatter(), run: .sixCities),
        GoldenCase(file: "six-cities-3-days.line.txt", formatter: LineFormatter(days: 3), run: .sixCities),
        GoldenCase(file: "one-failed.tsv", formatter: TSVFormatter(), run: .oneFailed),
        GoldenCase(file: "one-failed.json", formatter: JSONFormatter(), run: .oneFailed),
        GoldenCase(file: "one-failed.table.txt", formatter: TableFormatter(), run: .oneFailed),
        GoldenCase(file: "one-failed.line.txt", formatter: LineFormatter(), run: .oneFailed),
        GoldenCase(file: "six-cities.60-columns.table.txt", formatter: TableFormatter(width: 60), run: .sixCities),
        GoldenCase(file: "six-cities.en.table.txt", formatter: TableFormatter(language: .en), run: .sixCities),
        GoldenCase(file: "six-cities.en.tsv", formatter: TSVFormatter(language: .en), run: .sixCities),
        GoldenCase(file: "six-cities.en.json", formatter: JSONFormatter(language: .en), run: .sixCities),
        GoldenCase(file: "six-cities.en.line.txt", formatter: LineFormatter(language: .en), run: .sixCities),
        GoldenCase(file: "six-cities.template.txt", formatter: TemplateFormatter(template: everyPlaceholder), run: .sixCities),
        GoldenCase(file: "six-cities-3-days.template.txt", formatter: TemplateFormatter(template: everyPlaceholder, days: 3), run: .sixCities),
        GoldenCase(file: "six-cities.en.template.txt", formatter: TemplateFormatter(template: everyPlaceholder, language: .en), run: .sixCities),
        GoldenCase(file: "six-cities.detail.txt", formatter: DetailFormatter(), run: .sixCities),
        GoldenCase(file: "six-cities.en.detail.txt", formatter: DetailFormatter(language: .en), run: .sixCities),
        GoldenCase(file: "one-failed.detail.txt", formatter: DetailFormatter(), run: .oneFailed),
        GoldenCase(file: "one-failed.template.txt", formatter: TemplateFormatter(template: everyPlaceholder), run: .oneFailed),
    ]

    /// Every placeholder once, between bars, and a literal percent sign; if it failed to parse,
    /// every golden file of a template would differ from what this prints.
    static let everyPlaceholder = (try? FormatTemplate("%i|%l|%c|%C|%L|%H|%p|%d|%D|%P|%%"))
        ?? FormatTemplate(parts: [.text("the template did not parse")])
}

/// Where two texts first differ, by line, for a failure message that shows the line at fault.
func firstDifference(_ actual: String, _ expected: String) -> String {
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, e.count) {
        let got = index < a.count ? String(a[index]) : "<no line>"
        let want = index < e.count ? String(e[index]) : "<no line>"
        if got != want {
            return "line \(index + 1) differs:\n  got:  \(got.debugDescription)\n  want: \(want.debugDescription)"
        }
    }
    return "the same lines"
}
