@testable import Forecast
import Foundation
import Testing
import TestSupport

/// The warnings in force (`forecast warnings`) in every format: TSV's row per warning and its
/// level-0 row for none, JSON's objects, the line, the templates, waybar's class and the table.
@Suite("Warnings in force: the formats")
struct WarningFormatTests {
    static let evening = "2026-08-13T19:48:00+09:00"
    static let afternoon = "2026-08-13T16:27:00+09:00"

    /// 東京 as the real file of 2026-08-13 has it: 大雨警報 (a danger warning downgraded), 雷注意報
    /// with 竜巻 and ひょう, 土砂災害注意報.
    static func tokyo() throws -> CityWarnings {
        try WarningTests.file("130000").warnings(for: "130010", office: "130000")
    }

    /// A city of `id` with `codes` in force, each issued in the evening.
    static func warnings(_ codes: [String], office: String = "130000") -> CityWarnings {
        CityWarnings(office: office, reported: evening, warnings: codes.map { Warning(code: $0, status: "発表", reported: evening) })
    }

    static func success(_ id: String, _ warnings: CityWarnings) throws -> CityResult<CityWarnings> {
        CityResult(city: try CityCatalog.resolve(id), outcome: .success(warnings), provider: .jma)
    }

    /// 東京 (three in force), 千葉 (nothing in force), 横浜 (its file failed).
    static func results() throws -> [CityResult<CityWarnings>] {
        [
            try success("130010", try tokyo()),
            try success("120010", CityWarnings(office: "120000", reported: evening, warnings: [])),
            CityResult(
                city: try CityCatalog.resolve("140010"),
                outcome: .failure(.inFile("the agency's warning file 140000.json", .http(status: 404, attempts: 1))), provider: .jma),
        ]
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: TSV

    @Test("TSV: the header, a row per warning highest level first, one level-0 row for none, no row for a failed city")
    func tsv() throws {
        let lines = Self.lines(TSVFormatter().format(try Self.results()))
        #expect(lines == [
            "id\tcity\tprefecture\tlevel\tcode\twarning\tstatus\treported",
            "130010\t東京\t東京都\t3\t03\t大雨警報\t危険警報から警報\t2026-08-13T19:48:00+09:00",
            "130010\t東京\t東京都\t2\t14\t雷注意報\t継続\t2026-08-13T16:27:00+09:00",
            "130010\t東京\t東京都\t2\t29\t土砂災害注意報\t危険警報から注意報\t2026-08-13T19:48:00+09:00",
            "120010\t千葉\t千葉県\t0\t\t\t\t2026-08-13T19:48:00+09:00",
            "",
        ])
        #expect(TSVFormatter.columns(for: CityWarnings.self) == ["id", "city", "prefecture", "level", "code", "warning", "status", "reported"])
    }

    @Test("TSV in English: the names, the downgrade's two states and the city's names; the code and times stay")
    func tsvEnglish() throws {
        let lines = Self.lines(TSVFormatter(header: false, language: .en).format(try Self.results()))
        #expect(lines == [
            "130010\tTokyo\tTokyo\t3\t03\theavy rain warning\tdanger warning to warning\t2026-08-13T19:48:00+09:00",
            "130010\tTokyo\tTokyo\t2\t14\tthunderstorm advisory\tcontinued\t2026-08-13T16:27:00+09:00",
            "130010\tTokyo\tTokyo\t2\t29\tlandslide advisory\tdanger warning to advisory\t2026-08-13T19:48:00+09:00",
            "120010\tChiba\tChiba\t0\t\t\t\t2026-08-13T19:48:00+09:00",
            "",
        ])
    }

    // MARK: JSON

    @Test("JSON: a city's office, public_time, source and warnings in order, each warning's six members; [] for none; a failed city's error")
    func json() throws {
        let text = JSONFormatter().format(try Self.results())
        #expect(text.contains(
            #"{"id": "130010", "city": "東京", "prefecture": "東京都", "office": "130000", "public_time": "2026-08-13T19:48:00+09:00", "source": "jma", "warnings": [{"level": 3, "code": "03", "warning": "大雨警報", "status": "危険警報から警報", "public_time": "2026-08-13T19:48:00+09:00", "additions": []}, "#
        ), "\(text)")
        #expect(text.contains(
            #"{"id": "120010", "city": "千葉", "prefecture": "千葉県", "office": "120000", "public_time": "2026-08-13T19:48:00+09:00", "source": "jma", "warnings": []}"#
        ), "\(text)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let tokyo = try #require(array[0]["warnings"] as? [[String: Any]])
        #expect(tokyo.map { $0["code"] as? String } == ["03", "14", "29"])
        #expect(tokyo.map { $0["level"] as? Int } == [3, 2, 2])
        #expect(tokyo[1]["additions"] as? [String] == ["竜巻", "ひょう"] && tokyo[1]["public_time"] as? String == Self.afternoon)
        #expect(array[0]["days"] == nil, "the warnings are not days")
        #expect(Set(array[2].keys) == ["id", "city", "error", "error_kind"])
        #expect(array[2]["error"] as? String == "the agency's warning file 140000.json: HTTP 404")
        #expect(array[2]["error_kind"] as? String == "http")
    }

    @Test("JSON in English: the names, statuses and additions translated; codes, levels and times as they are")
    func jsonEnglish() throws {
        let text = JSONFormatter(language: .en).format(try Self.results())
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let tokyo = try #require(array[0]["warnings"] as? [[String: Any]])
        #expect(array[0]["city"] as? String == "Tokyo")
        #expect(tokyo.map { $0["warning"] as? String } == ["heavy rain warning", "thunderstorm advisory", "landslide advisory"])
        #expect(tokyo.map { $0["status"] as? String } == ["danger warning to warning", "continued", "danger warning to advisory"])
        #expect(tokyo[1]["additions"] as? [String] == ["tornado", "hail"])
        #expect(tokyo.map { $0["code"] as? String } == ["03", "14", "29"])
    }

    // MARK: The line and templates

    @Test("The line: every name on one line whatever the days, each one's end marked (、 and a comma), - for none, (failed) for a failed city")
    func line() throws {
        for days in [1, 3] {
            #expect(LineFormatter(days: days, language: .ja).format(try Self.results()) == "東京 大雨警報、雷注意報、土砂災害注意報\n千葉 -\n横浜 (failed)\n")
        }
        #expect(LineFormatter(language: .en).format(try Self.results()) == "Tokyo heavy rain warning, thunderstorm advisory, landslide advisory\nChiba -\nYokohama (failed)\n")
    }

    @Test("Templates: %C the names in force, %d the file's day; one line a city whatever the days; - for the rest, ? for a failed city")
    func template() throws {
        let template = try FormatTemplate("%i %l %C %d %P %H")
        for days in [1, 3] {
            let text = TemplateFormatter(template: template, days: days, language: .ja).format(try Self.results())
            #expect(text == """
                130010 東京 大雨警報、雷注意報、土砂災害注意報 2026-08-13 東京都 -
                120010 千葉 - 2026-08-13 千葉県 -
                140010 横浜 ? ? 神奈川県 ?

                """)
        }
    }

    // MARK: Waybar

    @Test(
        "Waybar: class the highest level's name over every city, alt its number, whichever city has it",
        arguments: [
            (["33", "14"], "emergency", "5"), (["43"], "danger", "4"), (["03", "14"], "warning", "3"), (["14", "20"], "advisory", "2"),
            ([], "none", "0"),
        ] as [([String], String, String)])
    func waybar(codes: [String], name: String, alt: String) throws {
        let none = try Self.success("120010", Self.warnings([], office: "120000"))
        let advisory = try Self.success("140010", Self.warnings(["15"], office: "140000"))
        let city = try Self.success("130010", Self.warnings(codes))
        // Not the first city's: the highest of them all; an advisory elsewhere never lowers it.
        let cities = codes.isEmpty ? [none, city] : [none, advisory, city]
        for results in [cities, cities.reversed()] {
            let object = WaybarFormatter().object(for: results)
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])
            #expect(parsed["class"] as? [String] == [name], "\(object)")
            #expect(parsed["alt"] as? String == alt, "\(object)")
        }
    }

    @Test("Waybar: the cities' lines as text, the table as tooltip, `failed` after the class; all failed: alt failed")
    func waybarFailures() throws {
        let results = try Self.results()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(WaybarFormatter().object(for: results).utf8)) as? [String: Any])
        #expect(parsed["text"] as? String == "東京 大雨警報、雷注意報、土砂災害注意報  千葉 -  横浜 (failed)")
        #expect(parsed["class"] as? [String] == ["warning", "failed"] && parsed["alt"] as? String == "3")
        let tooltip = try #require(parsed["tooltip"] as? String)
        #expect(tooltip == String(TableFormatter(color: false, language: .ja, width: 60).format(results).dropLast()))
        #expect(tooltip.hasSuffix("\n出典: 気象庁") && !tooltip.contains("fallback"))
        let failed = WaybarFormatter().object(for: [results[2]])
        let alone = try #require(try JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [String: Any])
        #expect(alone["class"] as? [String] == ["failed"] && alone["alt"] as? String == "failed")
    }

    @Test("Waybar: the bar's class of the same cities does not depend on their order, an unknown code's city with one with none")
    func waybarOrder() throws {
        let none = try Self.success("120010", Self.warnings([], office: "120000"))
        let unknown = try Self.success("130010", Self.warnings(["99"]))
        let classes = try [[none, unknown], [unknown, none]].map { results in
            let object = WaybarFormatter().object(for: results)
            return try #require(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])["class"] as? [String]
        }
        #expect(classes[0] == classes[1], "\(classes)")
        #expect(classes[0] == ["unknown"])
    }

    // MARK: The table

    @Test("The table: a row per warning, the additions beside the name, none's row, the failed city's reason, times and credit below")
    func table() throws {
        let text = TableFormatter(language: .ja, width: 120).format(try Self.results())
        let lines = Self.lines(text)
        #expect(lines[0].split(separator: " ") == ["ID", "地点", "レベル", "警報・注意報", "状況", "発表"])
        // The Japanese warning column is as wide as the longest name: the additions wrap under it.
        #expect(lines[1].hasPrefix("130010  東京") && lines[1].contains(" 3  大雨警報 ") && lines[1].contains("危険警報から警報"), "\(text)")
        #expect(lines[1].hasSuffix("08-13 19:48"))
        #expect(lines[2].contains(" 2  雷注意報 (竜巻、 ") && lines[2].contains("継続") && lines[2].hasSuffix("08-13 16:27"), "\(text)")
        #expect(lines[3].trimmingCharacters(in: .whitespaces) == "ひょう)", "\(text)")
        #expect(lines[4].contains(" 2  土砂災害注意報 ") && lines[4].contains("危険警報から注意報"), "\(text)")
        #expect(lines[5].hasPrefix("120010  千葉") && lines[5].contains(" -  なし ") && lines[5].hasSuffix("08-13 19:48"), "\(text)")
        #expect(lines[6].hasPrefix("140010  横浜") && lines[6].contains("failed") && lines[6].contains("140000.json: HTTP 404"), "\(text)")
        #expect(lines.contains("発表 2026-08-13 19:48 JST"))
        #expect(lines.suffix(2) == ["出典: 気象庁", ""])
        let english = Self.lines(TableFormatter(language: .en, width: 120).format(try Self.results()))
        #expect(english[0].split(separator: " ") == ["id", "city", "level", "warning", "status", "reported"])
        #expect(english.contains { $0.contains(" 2 thunderstorm advisory (tornado, hail) ") }, "\(english)")
        #expect(english.contains { $0.hasPrefix("120010 Chiba") && $0.contains(" none ") }, "\(english)")
        #expect(english.suffix(2) == ["Source: Japan Meteorological Agency", ""])
    }

    @Test("The table's colours: emergency and danger warnings red, warnings yellow, advisories and unknown codes plain, none dim")
    func tableColours() throws {
        let results = [
            try Self.success("130010", Self.warnings(["33", "43", "03", "14", "99"])),
            try Self.success("120010", Self.warnings([], office: "120000")),
        ]
        let text = TableFormatter(color: true, language: .ja, width: 120).format(results)
        let red = "\u{1B}[31m", yellow = "\u{1B}[33m", dim = "\u{1B}[2m", reset = "\u{1B}[0m"
        #expect(text.contains("\(red)5\(reset)  \(red)大雨特別警報\(reset)"), "\(text)")
        #expect(text.contains("\(red)4\(reset)  \(red)大雨危険警報\(reset)"), "\(text)")
        #expect(text.contains("\(yellow)3\(reset)  \(yellow)大雨警報\(reset)"), "\(text)")
        #expect(text.contains(" 2  雷注意報") && text.contains(" ?  不明な警報・注意"), "\(text)")
        #expect(text.contains("\(dim)なし\(reset)"), "\(text)")
        #expect(!TableFormatter(color: false, language: .ja, width: 120).format(results).contains("\u{1B}"))
    }

    @Test("The table from 40 to 120 columns, in both languages: every line fits, the longest name stands whole, columns only come as it widens")
    func tableWidths() throws {
        // 土砂災害特別警報 is the longest Japanese name (16 cells).
        let results = try [Self.success("130010", Self.warnings(["39", "05", "14"]))] + Self.results()
        for language in Language.allCases {
            var stage = Int.max
            for width in 40...120 {
                let text = TableFormatter(language: language, width: width).format(results)
                for line in Self.lines(text) {
                    #expect(DisplayWidth.of(line) <= width, "\(language) at \(width): \(line)")
                }
                if language == .ja {
                    #expect(text.contains("土砂災害特別警報"), "at \(width):\n\(text)")
                }
                #expect(text.contains(language == .ja ? "雷注意報" : "thunderstorm"), "\(language) at \(width)")
                let now = TableFormatter.layout(for: CityWarnings.self, width: width, language: language).stage
                #expect(now <= stage, "\(language): a column shown at \(width - 1) is gone at \(width)")
                stage = now
            }
            #expect(stage == 0, "\(language): at 120 columns every column is shown")
        }
    }

    // MARK: Unknown codes, statuses and additions

    @Test("An unknown code read from a file: last, its level empty in TSV, null in JSON, ? in the table, named in both languages")
    func unknownCode() throws {
        let body = #"""
            [{"reportDatetime": "2026-08-13T10:00:00+09:00", "warning": {"class10Items": [{"areaCode": "130010", "kinds": [
              {"code": "99", "status": "発表"}, {"code": "14", "status": "継続", "additions": ["落雷"]}, {"code": "05", "status": "発表"}]}]}}]
            """#
        let warnings = try WarningFile.decode(Data(body.utf8), office: "130000").warnings(for: "130010", office: "130000")
        #expect(warnings.warnings.map(\.code) == ["05", "14", "99"])
        #expect(warnings.warnings[2].kind == nil && warnings.warnings[2].level == nil && warnings.highestLevel == 3)
        let results = [try Self.success("130010", warnings)]
        let tsv = Self.lines(TSVFormatter(header: false).format(results))
        #expect(tsv[2] == "130010\t東京\t東京都\t\t99\t不明な警報・注意報 (99)\t発表\t2026-08-13T10:00:00+09:00")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter(language: .en).format(results).utf8)) as? [[String: Any]])
        let objects = try #require(json[0]["warnings"] as? [[String: Any]])
        #expect(objects[2]["level"] is NSNull && objects[2]["warning"] as? String == "unknown warning (99)" && objects[2]["code"] as? String == "99")
        #expect(objects[1]["additions"] as? [String] == ["lightning"])
        #expect(LineFormatter(language: .en).format(results) == "Tokyo storm warning, thunderstorm advisory, unknown warning (99)\n")
        #expect(TableFormatter(language: .ja, width: 120).format(results).contains(" ?  不明な警報・注意"))
        // The bar's class is the known codes' highest.
        #expect(WaybarFormatter().object(for: results).contains(#""class": ["warning"], "alt": "3""#))
    }

    @Test(
        "Statuses in English: issued, continued, a downgrade's two states; one not known stays as written",
        arguments: [
            ("発表", "issued"), ("継続", "continued"), ("危険警報から警報", "danger warning to warning"),
            ("特別警報から警報", "emergency warning to warning"), ("警報から注意報", "warning to advisory"),
            ("危険警報から注意報", "danger warning to advisory"), ("特別警報から危険警報", "emergency warning to danger warning"),
            ("変更", "変更"), ("警報から何か", "警報から何か"),
        ])
    func statuses(status: String, english: String) {
        let warning = Warning(code: "03", status: status, reported: Self.evening)
        #expect(warning.status(in: .en) == english)
        #expect(warning.status(in: .ja) == status)
    }

    @Test("Additions in English: the agency's words translated, another kept as written; in Japanese as written")
    func additions() {
        let warning = Warning(code: "14", status: "発表", reported: Self.evening, additions: ["竜巻", "ひょう", "突風", "うねり", "何か"])
        #expect(warning.additions(in: .en) == ["tornado", "hail", "gust", "swell", "何か"])
        #expect(warning.additions(in: .ja) == ["竜巻", "ひょう", "突風", "うねり", "何か"])
    }
}

/// `--warnings`: the marks the 3-day forecast and the week get from the warnings in force.
@Suite("Warnings beside the forecast: the marks")
struct WarningMarksTests {
    /// 東京: an emergency warning, a warning and an advisory in force; 横浜: nothing; 千葉: its
    /// file failed.
    static func marks() throws -> WarningMarks {
        WarningMarks([
            try WarningFormatTests.success("130010", WarningFormatTests.warnings(["33", "05", "14", "99"])),
            try WarningFormatTests.success("140010", WarningFormatTests.warnings([], office: "140000")),
            CityResult(city: try CityCatalog.resolve("120010"), outcome: .failure(.http(status: 404, attempts: 1)), provider: .jma),
        ])
    }

    static func forecasts() throws -> [FetchResult] {
        try ["130010", "140010", "120010"].map { try result($0) }
    }

    @Test("Level 3 or more only, highest first: [] for none, nil for a failed file or a city not asked for")
    func levels() throws {
        let marks = try Self.marks()
        #expect(marks.warnings(for: "130010")?.map(\.code) == ["33", "05"], "advisories and unknown codes are left out")
        #expect(marks.warnings(for: "140010") == [])
        #expect(marks.warnings(for: "120010") == nil && marks.warnings(for: "270000") == nil)
        #expect(WarningMarks.lowestLevel == 3)
    }

    @Test("TSV: a last column, `warnings`, the names joined by commas on every row of the city; the rest as without marks")
    func tsv() throws {
        var marked = TSVFormatter()
        marked.decoration = WarningMarks([
            try WarningFormatTests.success("130010", WarningFormatTests.warnings(["33", "05", "14"])),
            try WarningFormatTests.success("140010", WarningFormatTests.warnings([], office: "140000")),
            CityResult(city: try CityCatalog.resolve("120010"), outcome: .failure(.http(status: 404, attempts: 1)), provider: .jma),
        ])
        let plain = WarningFormatTests.lines(TSVFormatter().format(try Self.forecasts())).dropLast()
        let lines = WarningFormatTests.lines(marked.format(try Self.forecasts())).dropLast()
        #expect(lines.count == plain.count && lines.count == 10)
        #expect(lines.first == plain.first! + "\twarnings")
        for (line, without) in zip(lines.dropFirst(), plain.dropFirst()) {
            let cut = try #require(line.lastIndex(of: "\t"))
            #expect(String(line[..<cut]) == without)
            let field = String(line[line.index(after: cut)...])
            switch line.prefix(6) {
            case "130010": #expect(field == "大雨特別警報,暴風警報")
            default: #expect(field == "", "\(line)")
            }
        }
        marked.language = .en
        #expect(marked.format(try Self.forecasts()).contains("\theavy rain emergency warning,storm warning\n"))
        #expect(!TSVFormatter().format(try Self.forecasts()).contains("warnings"))
    }

    @Test("JSON: `warnings` before the days, the objects of `forecast warnings` of level 3 or more; [] for none, null for a failed file")
    func json() throws {
        var marked = JSONFormatter()
        marked.decoration = try Self.marks()
        let text = marked.format(try Self.forecasts())
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let tokyo = try #require(array[0]["warnings"] as? [[String: Any]])
        #expect(tokyo.map { $0["code"] as? String } == ["33", "05"] && tokyo.map { $0["level"] as? Int } == [5, 3])
        #expect(Set(tokyo[0].keys) == ["level", "code", "warning", "status", "public_time", "additions"])
        #expect(tokyo[0]["warning"] as? String == "大雨特別警報" && tokyo[0]["status"] as? String == "発表")
        #expect(array[1]["warnings"] as? [Any] != nil && (array[1]["warnings"] as? [Any])?.isEmpty == true)
        #expect(array[2]["warnings"] is NSNull)
        #expect(text.contains(#""warnings": [], "days": ["#) && text.contains(#""warnings": null, "days": ["#))
        #expect(array.allSatisfy { ($0["days"] as? [Any])?.count == 3 })
        #expect(!JSONFormatter().format(try Self.forecasts()).contains("\"warnings\""))
        // A failed forecast is its error alone.
        let failed = marked.format([try failed("130010", .http(status: 503, attempts: 3))])
        let object = try #require((try JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [[String: Any]])?.first)
        #expect(Set(object.keys) == ["id", "city", "error", "error_kind"])
    }

    @Test("The table: a line under the rows for each city with a warning in force, before the times; red from level 4, yellow for 3")
    func table() throws {
        var marked = TableFormatter(language: .ja, width: 80)
        marked.decoration = try Self.marks()
        let lines = WarningFormatTests.lines(marked.format(try Self.forecasts()))
        let index = try #require(lines.firstIndex(of: "東京の警報: 大雨特別警報、暴風警報"), "\(lines)")
        #expect(lines[index - 1] == "" && lines[index + 1].hasPrefix("発表 "), "\(lines)")
        #expect(lines.filter { $0.contains("の警報") }.count == 1, "none for 横浜 (none) or 千葉 (failed)")
        #expect(!TableFormatter(language: .ja, width: 80).format(try Self.forecasts()).contains("の警報"))

        marked.language = .en
        #expect(marked.format(try Self.forecasts()).contains("\nWarnings in Tokyo: heavy rain emergency warning, storm warning\n"))

        marked.language = .ja
        marked.color = true
        #expect(marked.format(try Self.forecasts()).contains("\n\u{1B}[31m東京の警報: 大雨特別警報、暴風警報\u{1B}[0m\n"))
        marked.decoration = WarningMarks([try WarningFormatTests.success("130010", WarningFormatTests.warnings(["03", "14"]))])
        #expect(marked.format(try Self.forecasts()).contains("\n\u{1B}[33m東京の警報: 大雨警報\u{1B}[0m\n"))
    }

    @Test("The table's warning line wraps between names within the width")
    func tableWraps() throws {
        var marked = TableFormatter(language: .ja, width: 40)
        marked.decoration = WarningMarks([try WarningFormatTests.success("130010", WarningFormatTests.warnings(["33", "35", "38", "39", "05"]))])
        let lines = WarningFormatTests.lines(marked.format([try result("130010")]))
        let first = try #require(lines.firstIndex { $0.hasPrefix("東京の警報: ") })
        let block = lines[first...].prefix { !$0.hasPrefix("発表 ") }
        #expect(block.count > 1 && block.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(block)")
        let names = ["大雨特別警報", "暴風特別警報", "高潮特別警報", "土砂災害特別警報", "暴風警報"]
        #expect(names.allSatisfy { name in block.contains { $0.contains(name) } }, "each name whole on a line: \(block)")
    }

    @Test("The table names only printed cities: a city whose forecast failed gets no warning line")
    func tableFailedForecast() throws {
        var marked = TableFormatter(language: .ja, width: 80)
        marked.decoration = try Self.marks()
        let results = [try failed("130010", .http(status: 503, attempts: 3)), try result("140010")]
        let text = marked.format(results)
        #expect(!text.contains("東京の警報"), "\(text)")
    }
}
