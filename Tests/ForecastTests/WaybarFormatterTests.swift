import Forecast
import Foundation
import Testing
import TestSupport

@Suite("Waybar: one JSON object a run")
struct WaybarFormatterTests {
    /// The object the formatter prints for `results`, parsed, after checking that it is one line
    /// that ends with its newline and has exactly waybar's four members, of their types.
    struct Parsed {
        let text: String
        let tooltip: String
        let classes: [String]
        let alt: String
    }

    static func parse(_ formatter: WaybarFormatter, _ results: [FetchResult]) throws -> Parsed {
        let output = formatter.format(results)
        // One line: the object, then its newline, and no other line break of any kind.
        #expect(output.hasSuffix("\n"))
        let line = String(output.dropLast())
        #expect(!line.contains { $0.isNewline }, "one line only")
        #expect(line == formatter.object(for: results), "the epilogue is the object and a newline")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["text", "tooltip", "class", "alt"])
        return Parsed(
            text: try #require(object["text"] as? String),
            tooltip: try #require(object["tooltip"] as? String),
            classes: try #require(object["class"] as? [String]),
            alt: try #require(object["alt"] as? String)
        )
    }

    /// The table the tooltip must be: 3 days, no colour, 60 columns, its last newline dropped.
    static func table(_ results: [FetchResult], language: Language = .ja) -> String {
        String(TableFormatter(days: 3, color: false, language: language, width: 60).format(results).dropLast())
    }

    static let sixIDs = ["130010", "140010", "090010", "330010", "400040", "120010"]

    @Test("The six fixtures: their lines joined by two spaces, the 60-column table, the first city's class and code")
    func sixCities() throws {
        let results = try Self.sixIDs.map { try result($0) }
        let parsed = try Self.parse(WaybarFormatter(), results)
        let lines = String(decoding: try fixture("golden/six-cities.line.txt"), as: UTF8.self).split(separator: "\n")
        #expect(parsed.text == lines.joined(separator: "  "))
        #expect(parsed.text.hasPrefix("東京 晴のち曇 -/27°C 10%  横浜 晴のち曇 -/26°C 10%  宇都宮"))
        // The reviewed golden table at 60 columns, publication times included.
        let golden = String(decoding: try fixture("golden/six-cities.60-columns.table.txt"), as: UTF8.self)
        #expect(parsed.tooltip == String(golden.dropLast()))
        #expect(parsed.tooltip.split(separator: "\n", omittingEmptySubsequences: false).count == 2 + 6 * 3 + 1 + 5)
        #expect(parsed.tooltip.hasSuffix("発表 2025-06-07 17:00 JST: 千葉"))
        #expect(!parsed.tooltip.contains("\u{1B}"), "no colour")
        #expect(parsed.classes == ["sunny"], "東京's 晴のち曇 is code 111, group 100")
        #expect(parsed.alt == "111")
        // The first city decides: 宇都宮's 曇り is cloudy.
        let utsunomiya = try Self.parse(WaybarFormatter(), [try result("090010"), try result("130010")])
        #expect(utsunomiya.classes == ["cloudy"])
        #expect(utsunomiya.alt == "200")
    }

    @Test("A failed city: its line's failed form, a failed row in the tooltip, the class failed")
    func failedCity() throws {
        let results = [try result("130010"), try failed("140010", .http(status: 503, attempts: 3)), try result("330010")]
        let parsed = try Self.parse(WaybarFormatter(), results)
        #expect(parsed.text == "東京 晴のち曇 -/27°C 10%  横浜 (failed)  岡山 晴れ -/-°C 0%")
        #expect(parsed.tooltip == Self.table(results))
        #expect(parsed.tooltip.contains("横浜") && parsed.tooltip.contains("503"))
        #expect(parsed.classes == ["sunny", "failed"])
        #expect(parsed.alt == "111")
    }

    @Test("A failed first city: no weather class, alt failed")
    func failedFirstCity() throws {
        let results = [try failed("140010", .http(status: 503, attempts: 3)), try result("130010")]
        let parsed = try Self.parse(WaybarFormatter(), results)
        #expect(parsed.text == "横浜 (failed)  東京 晴のち曇 -/27°C 10%")
        #expect(parsed.classes == ["failed"])
        #expect(parsed.alt == "failed")
        let alone = try Self.parse(WaybarFormatter(), [try failed("140010", .deadline(seconds: 5))])
        #expect(alone.text == "横浜 (failed)")
        #expect(alone.classes == ["failed"])
        #expect(alone.alt == "failed")
        #expect(alone.tooltip == Self.table([try failed("140010", .deadline(seconds: 5))]))
    }

    @Test("A stale copy: the line's stale mark, the table's stale line, the class stale, not failed")
    func staleCity() throws {
        let tokyo = try result("130010")
        let stale = FetchResult(
            city: tokyo.city, outcome: tokyo.outcome, info: FetchInfo(source: .cache),
            stale: Staleness(error: .http(status: 503, attempts: 3), fetched: 1_652_860_800, age: 10_800))
        let parsed = try Self.parse(WaybarFormatter(), [stale, try result("140010")])
        #expect(parsed.text == "東京 晴のち曇 -/27°C 10% (stale, 3 h old)  横浜 晴のち曇 -/26°C 10%")
        #expect(parsed.tooltip == Self.table([stale, try result("140010")]))
        #expect(parsed.classes == ["sunny", "stale"])
        #expect(parsed.alt == "111", "the stale copy's own code")
        // A stale second city, and a failed third: both marks, in that order.
        let both = try Self.parse(WaybarFormatter(), [try result("330010"), stale, try failed("140010", .http(status: 503, attempts: 3))])
        #expect(both.classes == ["sunny", "stale", "failed"])
        #expect(both.alt == "100")
    }

    @Test("--lang en: English names and phrases in the text, the English table in the tooltip")
    func english() throws {
        let results = try Self.sixIDs.map { try result($0) }
        let formatter = WaybarFormatter(language: .en)
        let parsed = try Self.parse(formatter, results)
        let lines = String(decoding: try fixture("golden/six-cities.en.line.txt"), as: UTF8.self).split(separator: "\n")
        #expect(parsed.text == lines.joined(separator: "  "))
        #expect(parsed.text.hasPrefix("Tokyo Clear, cloudy later -/27°C 10%  Yokohama"))
        #expect(parsed.tooltip == Self.table(results, language: .en))
        #expect(parsed.tooltip.contains("Published 2022-05-19 05:00 JST: Tokyo, Yokohama"))
        #expect(!parsed.tooltip.contains("発表") && !parsed.tooltip.contains("天気"))
        #expect(parsed.classes == ["sunny"])
        #expect(parsed.alt == "111")
        let failedRun = try Self.parse(formatter, [try failed("140010", .http(status: 503, attempts: 3)), try result("130010")])
        #expect(failedRun.text == "Yokohama (failed)  Tokyo Clear, cloudy later -/27°C 10%")
        #expect(failedRun.alt == "failed")
    }

    @Test("A template: rendered as TemplateFormatter renders it, one day, a failed city too; the tooltip is still the table")
    func template() throws {
        let template = try FormatTemplate("%l %c %C %L/%H° %p")
        let results = [try result("130010"), try failed("140010", .http(status: 503, attempts: 3)), try result("330010")]
        let parsed = try Self.parse(WaybarFormatter(template: template), results)
        #expect(parsed.text == "東京 🌤️ 晴のち曇 -/27° 10%  横浜 ? ? ?/?° ?  岡山 ☀️ 晴れ -/-° 0%")
        let rendered = results.enumerated().map { index, result in
            String(TemplateFormatter(template: template, days: 1).block(for: result, index: index).dropLast())
        }
        #expect(parsed.text == rendered.joined(separator: "  "))
        #expect(parsed.tooltip == Self.table(results))
        #expect(parsed.classes == ["sunny", "failed"])
        #expect(parsed.alt == "111")
        let english = try Self.parse(WaybarFormatter(template: try FormatTemplate("%l: %C (%D)"), language: .en), [try result("130010")])
        #expect(english.text == "Tokyo: Clear, cloudy later (Today)")
        // The template's own quotes and backslashes are escaped, and come back as they were.
        let quoted = try Self.parse(WaybarFormatter(template: try FormatTemplate("\"%l\" \\ %H%%")), [try result("130010")])
        #expect(quoted.text == "\"東京\" \\ 27%")
    }

    @Test("Hostile text from the server: valid JSON on one line, no control character, the gate's text kept")
    func hostile() throws {
        let hostile = try result("130010", fixture: "crafted/hostile.json")
        let results = [hostile, try failed("140010", .api(message: "bad" + hostileSuffix))]
        let formatter = WaybarFormatter()
        let output = formatter.format(results)
        #expect(controls(in: output, allowing: ["\n"]).isEmpty)
        #expect(output.firstIndex(of: "\n") == output.index(before: output.endIndex), "the only newline ends the line")
        let parsed = try Self.parse(formatter, results)
        // The text is the line format's, through its gate: the controls are stand-ins.
        #expect(parsed.text == String(LineFormatter().block(for: hostile, index: 0).dropLast()) + "  横浜 (failed)")
        #expect(parsed.text.hasPrefix("東京\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J\u{FFFD}31m\u{FFFD}\u{FFFD}evil"))
        #expect(controls(in: parsed.text).isEmpty)
        #expect(parsed.tooltip == Self.table(results))
        #expect(controls(in: parsed.tooltip, allowing: ["\n"]).isEmpty)
        #expect(parsed.tooltip.contains("\u{FFFD}]0;PWNED"))
        // Its telop and icon are not a code of the table: no weather class, alt unknown.
        #expect(parsed.classes == ["failed"])
        #expect(parsed.alt == "unknown")
        // A template's gate holds too.
        let template = try Self.parse(WaybarFormatter(template: try FormatTemplate("%l %C %P")), results)
        #expect(controls(in: template.text).isEmpty)
        #expect(template.text.hasPrefix("東京\u{FFFD}]0;PWNED"))
    }

    @Test("Class rules: every weather code of each group gives that group's class, and its code as alt",
          arguments: [(100, "sunny"), (200, "cloudy"), (300, "rain"), (400, "snow")])
    func classOfGroup(group: Int, expected: String) throws {
        #expect(WaybarFormatter.WeatherClass(group: group)?.rawValue == expected)
        let rows = try WeatherCodeTests.telops().filter { Int($0[3]) == group }
        #expect(!rows.isEmpty)
        let tokyo = try result("130010")
        var forecast = try #require(tokyo.forecast)
        for row in rows {
            forecast.forecasts[0].telop = row[4]
            let first = FetchResult(city: tokyo.city, outcome: .success(forecast), info: FetchInfo(source: .network))
            let parsed = try Self.parse(WaybarFormatter(), [first, try result("140010")])
            #expect(parsed.classes == [expected], "\(row[0]) \(row[4])")
            #expect(parsed.alt == row[0])
            let code = try #require(WeatherCode.lookup(Int(row[0]) ?? -1))
            #expect(WaybarFormatter.WeatherClass(code)?.rawValue == expected)
        }
    }

    @Test("Class rules: a number that is no group has no class; a day whose code is unknown has none, alt unknown")
    func noClass() throws {
        for group in [0, 99, 101, 500, -100] {
            #expect(WaybarFormatter.WeatherClass(group: group) == nil, "\(group)")
        }
        let tokyo = try result("130010")
        var forecast = try #require(tokyo.forecast)
        forecast.forecasts[0].telop = "晴午後は雷雨"  // a wording the table no longer has
        forecast.forecasts[0].image.url = nil
        let unknown = FetchResult(city: tokyo.city, outcome: .success(forecast), info: FetchInfo(source: .network))
        let parsed = try Self.parse(WaybarFormatter(), [unknown])
        #expect(parsed.classes == [])
        #expect(parsed.alt == "unknown")
        #expect(parsed.text == "東京 晴午後は雷雨 -/27°C 10%")
    }

    @Test("As a ResultFormatter: nothing before or per city, the object and a newline after the last")
    func resultFormatter() throws {
        let results = [try result("130010"), try result("140010")]
        let formatter: any ResultFormatter = WaybarFormatter()
        #expect(formatter.prologue(for: CityForecast.self) == "")
        #expect(formatter.block(for: results[0], index: 0) == "")
        #expect(formatter.block(for: results[1], index: 1) == "")
        #expect(formatter.epilogueReadsResults)
        #expect(formatter.epilogue(for: results) != formatter.epilogue(for: [FetchResult]()))
        #expect(formatter.format(results) == WaybarFormatter().object(for: results) + "\n")
        #expect(WaybarFormatter().object(for: [FetchResult]()) == #"{"text": "", "tooltip": "", "class": [], "alt": ""}"#)
    }

    @Test("The object's members in waybar's order, as JSON writes them")
    func shape() throws {
        let object = WaybarFormatter().object(for: [try result("330010"), try failed("140010", .http(status: 503, attempts: 3))])
        #expect(object.hasPrefix(#"{"text": "岡山 晴れ -/-°C 0%  横浜 (failed)", "tooltip": ""#))
        #expect(object.hasSuffix(#"", "class": ["sunny", "failed"], "alt": "100"}"#))
        #expect(object.contains(#"\n"#), "the tooltip's line breaks are escaped")
    }
}
