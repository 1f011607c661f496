@testable import Forecast
import Foundation
import Testing
import TestSupport

/// `--units`: °F and mph in every format of every command with temperatures or wind, the names of TSV's columns and
/// JSON's keys changed with them, and the line writing its unit (issue "A user's third hour", 8).
@Suite("Units")
struct UnitsTests {
    @Test("The conversions and the names: a unit word between underscores is replaced, nothing else")
    func conversions() {
        #expect(Units.imperial.convert(27, .temperature) == 80.6 && Units.imperial.convert(-40, .temperature) == -40)
        #expect(abs(Units.imperial.convert(4.4, .speed) - 9.842_519_685) < 1e-9)
        #expect(Units.metric.convert(27, .temperature) == 27)
        #expect(Units.imperial.whole(27, .temperature) == "81" && Units.metric.whole(27, .temperature) == "27")
        #expect(Units.imperial.whole(nil, .temperature) == nil && Units.imperial.tenths(10.8, .temperature) == "51.4")
        #expect(Units.imperial.name("min_c_lower", .temperature) == "min_f_lower")
        #expect(Units.imperial.name("wind_min_ms", .speed) == "wind_min_mph")
        #expect(Units.imperial.name("temp_c", .temperature) == "temp_f" && Units.metric.name("temp_c", .temperature) == "temp_c")
        #expect(Units.imperial.name("circle_c", .speed) == "circle_c", "only its own unit's word")
    }

    /// Every field of every command, by its metric name, with what it measures.
    static func fields() -> [(command: String, name: String, quantity: Units.Quantity?)] {
        func of<Report>(_ command: String, _ layout: ReportLayout<Report>) -> [(String, String, Units.Quantity?)] {
            layout.fields.map { (command, $0.name, $0.quantity) }
        }
        return of("forecast", CityForecast.layout) + of("week", WeeklyForecast.layout) + of("now", Observation.layout)
            + of("hours", CityHours.layout) + of("warnings", CityWarnings.layout) + of("sun", CitySun.layout)
    }

    @Test("Every field named in °C or m/s converts, and every field that converts is renamed: no °F under a _c name, no °C left under imperial")
    func everyFieldHasItsUnit() {
        for (command, name, quantity) in Self.fields() {
            let words = name.split(separator: "_").map(String.init)
            let metricWord = words.contains("c") ? Units.Quantity.temperature : words.contains("ms") ? .speed : nil
            if name == "min_f" || name == "max_f" { continue }  // the API's own °F, printed in metric units only
            #expect(quantity == metricWord, "\(command)'s \(name)")
            if let quantity { #expect(Units.imperial.name(name, quantity) != name, "\(command)'s \(name)") }
        }
        // The 3-day forecast's two, the week's six (its ranges), now's two, the 3-hourly forecast's three.
        #expect(Self.fields().filter { $0.quantity != nil }.count == 13)
    }

    @Test("The 3-day forecast: TSV's min_f max_f, JSON's °F under _f keys alone, the line's whole degrees with °F, the table's header")
    func threeDay() throws {
        let results = [try result("130010")]
        var tsv = TSVFormatter(days: 2)
        tsv.units = .imperial
        let lines = tsv.format(results).split(separator: "\n").map(String.init)
        #expect(lines[0] == "id\tcity\tprefecture\tdate\tday\ttelop\tmin_f\tmax_f\train_00_06\train_06_12\train_12_18\train_18_24")
        #expect(lines[2].contains("\t60.8\t80.6\t"), "16 and 27 °C: \(lines[2])")

        var json = JSONFormatter(days: 1)
        json.units = .imperial
        let day = try #require(((try JSONSerialization.jsonObject(with: Data(json.format(results).utf8)) as? [[String: Any]])?[0]["days"] as? [[String: Any]])?[0])
        #expect(day["max_f"] as? Double == 80.6 && day["max_c"] == nil && day["min_c"] == nil && day.keys.contains("min_f"))
        let metric = try #require(((try JSONSerialization.jsonObject(with: Data(JSONFormatter(days: 1).format(results).utf8)) as? [[String: Any]])?[0]["days"] as? [[String: Any]])?[0])
        #expect(metric["max_c"] as? Double == 27 && metric["max_f"] as? Double == 80.6, "metric keeps the API's °F beside")

        var line = LineFormatter(days: 2)
        line.units = .imperial
        #expect(line.format(results) == "東京 晴のち曇 -/81°F 10% | 明日 曇時々晴 61/81°F 20%\n")
        #expect(LineFormatter().format(results) == "東京 晴のち曇 -/27°C 10%\n")

        var template = TemplateFormatter(template: try FormatTemplate("%l %L/%H"), days: 2)
        template.units = .imperial
        #expect(template.format(results) == "東京 -/81\n東京 61/81\n")

        var detail = DetailFormatter(days: 1)
        detail.units = .imperial
        #expect(detail.format(results).contains("最低 - 最高 81 °F"))
    }

    @Test("The week: °F in TSV (one decimal), JSON's ranges renamed, the line and the table")
    func week() throws {
        let results = try WeeklyRun.fourCities.results()
        var tsv = TSVFormatter(days: 2)
        tsv.units = .imperial
        let lines = tsv.format(Array(results.prefix(1))).split(separator: "\n").map(String.init)
        #expect(lines[0].contains("\tmin_f\tmax_f\t") && lines[2].contains("\t73.4\t87.8\t"), "23 and 31 °C: \(lines)")

        var json = JSONFormatter(days: 2)
        json.units = .imperial
        let text = json.format(Array(results.prefix(1)))
        #expect(text.contains("\"min_f_lower\": ") && text.contains("\"max_f_upper\": ") && !text.contains("_c"), "\(text)")

        var line = LineFormatter(days: 2)
        line.units = .imperial
        #expect(line.format(Array(results.prefix(1))).hasSuffix("| 月 ☁️ 73/88°F 40%\n"))

        let table = TableFormatter(days: 2, units: .imperial).format(Array(results.prefix(1)))
        #expect(table.contains("°F") && !table.contains("°C") && table.contains(" 73 ") && table.contains(" 88 "), "\(table)")
    }

    @Test("Now: °F and mph with their tenths, in TSV, JSON, the line, a template and the table")
    func now() throws {
        let results = try ObservationFormatTests.results()
        var tsv = TSVFormatter()
        tsv.units = .imperial
        let lines = tsv.format(results).split(separator: "\n").map(String.init)
        #expect(lines[0].contains("\ttemp_f\thumidity\twind_dir\twind_mph\tprecip_10m_mm\t"))
        #expect(lines[1].contains("\t84.4\t56\tSSE\t26.8\t0.5\t"), "29.1 °C, 12 m/s: \(lines[1])")
        #expect(lines[2].contains("\t25.7\t"), "-3.5 °C")

        var json = JSONFormatter()
        json.units = .imperial
        let tokyo = try #require((try JSONSerialization.jsonObject(with: Data(json.format(results).utf8)) as? [[String: Any]])?[0])
        #expect(tokyo["temp_f"] as? Double == 84.4 && tokyo["wind_mph"] as? Double == 26.8 && tokyo["temp_c"] == nil)

        var line = LineFormatter()
        line.units = .imperial
        #expect(line.format(Array(results.prefix(1))) == "東京 84.4°F 56% 南南東 26.8mph\n")
        #expect(LineFormatter().format(Array(results.prefix(1))) == "東京 29.1°C 56% 南南東 12.0m/s\n")

        var template = TemplateFormatter(template: try FormatTemplate("%t|%W"), language: .en)
        template.units = .imperial
        #expect(template.format(Array(results.prefix(1))) == "84.4|SSE 26.8mph\n")

        let table = TableFormatter(units: .imperial, width: 120).format(Array(results.prefix(1)))
        #expect(table.contains("°F") && table.contains("mph") && table.contains("84.4") && table.contains("26.8"), "\(table)")
    }

    @Test("Hours: whole °F on the line, one decimal in TSV, the wind's range in whole mph")
    func hours() throws {
        let hours = try HoursTests.hours(try HoursTests.body(), at: "2026-10-04T05:30", rain: { _ in 10 })
        let results = [try HoursTests.result(hours)]
        var tsv = TSVFormatter()
        tsv.units = .imperial
        let lines = tsv.format(results).split(separator: "\n").map(String.init)
        #expect(lines[0] == "id\tcity\tprefecture\ttime\tweather\ttemp_f\twind_dir\twind_min_mph\twind_max_mph\tpop")
        #expect(lines[1] == "130010\t東京\t東京都\t2026-10-04T06:00+09:00\t晴れ\t62.6\tN\t7\t11\t10", "17 °C, 3-5 m/s")

        var line = LineFormatter(days: 2)
        line.units = .imperial
        #expect(line.format(results) == "東京 6時 ☀️ 63°F 10% | 9時 ☁️ 70°F 10%\n", "17 and 21 °C")

        var template = TemplateFormatter(template: try FormatTemplate("%T %t %W"))
        template.units = .imperial
        #expect(template.format(results).hasPrefix("06:00 63 北 7-11mph\n"))

        let table = TableFormatter(units: .imperial, width: 100).format(results)
        #expect(table.contains("°F") && table.contains("mph") && table.contains("北 7-11"), "\(table)")
    }

    @Test("Waybar: its text and tooltip in the units asked for")
    func waybar() throws {
        var waybar = WaybarFormatter()
        waybar.units = .imperial
        let object = waybar.format([try result("130010")])
        #expect(object.contains("\"text\": \"東京 晴のち曇 -/81°F 10%\"") && object.contains("°F") && !object.contains("°C"), "\(object)")
    }
}
