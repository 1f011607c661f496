import Forecast
import Testing

@Suite("Table width")
struct TableWidthTests {
    static let six = ["130010", "140010", "090010", "330010", "400040", "120010"]

    @Test("At 80 columns the full Japanese table fits, all four rain columns with the ID and date",
          arguments: [Language.ja, .en])
    func fitsEighty(_ language: Language) throws {
        let results = try Self.six.map { try result($0) } + [try result("130010", fixture: "crafted/long-telop.json")]
        let text = TableFormatter(language: language).format(results)
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
        }
        #expect(text.contains("00-06 06-12 12-18 18-24"))
        if language == .ja {
            #expect(text.contains("ID      地点") && text.contains("日付"))
        }
    }

    @Test("Narrower terminals lose columns, never the fit: date and ID, then the rain periods become one",
          arguments: Array(stride(from: 48, through: 120, by: 4)))
    func narrower(_ width: Int) throws {
        for language in Language.allCases {
            let results = try Self.six.map { try result($0) } + [try failed("140010", .http(status: 503, attempts: 3))]
            let text = TableFormatter(language: language, width: width).format(results)
            for line in text.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= width, "\(language) \(width): \(line)")
            }
        }
        let ja = TableFormatter(width: width).format([try result("130010")])
        if width >= 80 {
            #expect(ja.contains("ID      地点") && ja.contains("日付") && ja.contains("00-06"), "the full table")
        }
        if width <= 60 {
            #expect(!ja.contains("00-06") && ja.contains(" 降水\n"), "one rain column")
        }
    }

    @Test("A failed city keeps a row that says why; TSV still prints no row for it")
    func failedRow() throws {
        let results = [try failed("140010", .http(status: 503, attempts: 3))]
        let lines = TableFormatter().format(results).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2] == "140010  横浜      failed: HTTP 503 after 3 attempts")
        #expect(TSVFormatter(header: false).format(results) == "")
    }

    @Test("The publication time: once when the cities share it, else once per time with its cities")
    func publication() throws {
        let shared = TableFormatter().format([try result("130010"), try result("140010")])
        #expect(shared.hasSuffix("\n\n発表 2022-05-19 05:00 JST\n"))
        let mixed = TableFormatter(language: .en).format([try result("130010"), try result("330010"), try result("140010")])
        #expect(mixed.hasSuffix("\n\nPublished 2022-05-19 05:00 JST: Tokyo, Yokohama\nPublished 2024-02-12 17:00 JST: Okayama\n"))
    }
}

@Suite("Table width: a new user's first hour")
struct FirstHourTableTests {
    /// The column names of a table's header line (its second line), split at spaces.
    static func columnNames(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? lines[1].split(separator: " ").map(String.init) : []
    }

    @Test("COLUMNS=40: no line of `-f table 130010 400040` is wider than 40, in either language", arguments: Language.allCases)
    func fortyColumns(_ language: Language) throws {
        let text = TableFormatter(language: language, width: 40).format([try result("130010"), try result("400040")])
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 40, "\(language): \(line)")
        }
    }

    @Test("At 30 columns the footer breaks between cities, never inside a name")
    func thirtyColumnFooter() throws {
        let text = TableFormatter(width: 30).format([try result("130010"), try result("400040")])
        let footer = text.split(separator: "\n\n").last.map(String.init) ?? ""
        #expect(footer.contains("東京") && footer.contains("久留米"), "\(footer)")
    }

    @Test("-d 1 130010: a column shown at a width is shown at every larger width, in both languages",
          arguments: Language.allCases)
    func monotonic(_ language: Language) throws {
        let results = [try result("130010")]
        var previous: [String] = []
        for width in 20...120 {
            let names = Self.columnNames(TableFormatter(days: 1, language: language, width: width).format(results))
            // The four rain periods stand in for the one rain column they become.
            let columns = names.contains("00-06") ? names + [language == .en ? "rain" : "降水"] : names
            let lost = previous.filter { !columns.contains($0) }
            #expect(lost.isEmpty, "\(language) at \(width) loses \(lost) shown at \(width - 1)")
            previous = columns
        }
    }

    @Test("In English at 80 columns every column shows, the phrase wrapping within its column")
    func englishEighty() throws {
        let text = TableFormatter(language: .en).format([try result("130010"), try result("400040")])
        #expect(Self.columnNames(text) == ["id", "city", "day", "date", "weather", "min", "max", "00-06", "06-12", "12-18", "18-24"])
        #expect(text.contains("130010") && text.contains("05-19"))
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
        }
    }

    @Test("A stale copy's city is in the footer with its copy's own publication time")
    func staleInFooter() throws {
        var old = try decodeFixture("140010.json")
        old.publicTime = "2022-05-18T17:00:00+09:00"
        let stale = FetchResult(city: try CityCatalog.resolve("140010"), outcome: .success(old), info: FetchInfo(source: .cache),
                                stale: Staleness(error: .http(status: 503, attempts: 3), fetched: 1_652_860_800, age: 10_800))
        let text = TableFormatter().format([try result("130010"), stale, try failed("330010", .cancelled)])
        #expect(text.hasSuffix("\n\n発表 2022-05-19 05:00 JST: 東京\n発表 2022-05-18 17:00 JST: 横浜\n"), "\(text)")
    }
}
