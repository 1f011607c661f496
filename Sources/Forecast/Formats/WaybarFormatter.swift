/// One JSON object on one line for all the cities, as waybar's custom modules read it (`"return-type": "json"`):
///
/// ```
/// {"text": "東京 晴のち曇 -/27°C 10%  横浜 (failed)", "tooltip": "…", "class": ["sunny", "failed"], "alt": "111"}
/// ```
///
/// - `text`: each city's line, as ``LineFormatter`` writes it for one day (`東京 晴のち曇 -/27°C 10%`,
///   a failed city `横浜 (failed)`), or as ``TemplateFormatter`` renders the template for one day;
///   the cities joined by two spaces. Either way it has passed the untrusted-text gate.
/// - `tooltip`: the command's table without colour at ``tooltipWidth`` columns (60 by default), ``days`` rows a city:
///   its header, every city's rows and the publication times, lines joined by a line feed.
/// - `class`: the first city's ``WeatherClass`` (none when it failed, or when its weather code
///   is unknown), then `fallback` if any city was read from the agency's file (in the API's
///   place), `stale` if any city is stale (a copy, or data older than its source should serve), and `failed` if any
///   city has no forecast.
/// - `alt`: the first city's weather code ("111"), `failed` if it failed, `unknown` if its
///   code is not known.
/// - For the warnings in force, `class` starts with the highest level's name among the cities
///   instead (`emergency`, `danger`, `warning`, `advisory`, `unknown` for codes the table does
///   not know and nothing else, `none`), and `alt` is that level (`"5"` … `"2"`, `"1"` for
///   unknown, `"0"`), or `failed` when no city has its warnings.
///
/// Every string is escaped as ``JSONFormatter`` escapes it, so the object is valid JSON, and on one line, whatever the
/// server sends. Waybar reads the text and the tooltip as Pango markup unless the module sets `"escape": true`.
///
/// As a ``ResultFormatter`` it prints nothing until every city is known: no prologue, empty blocks, and the object with
/// its newline as the epilogue. A mode that prints an update now and then calls ``object(for:)`` itself.
public struct WaybarFormatter: ResultFormatter {
    /// The template of each city's text, or nil for the line format.
    public var template: FormatTemplate?
    /// The language of names, phrases and the tooltip's table.
    public var language: Language
    /// The units of temperatures and wind speeds, in the text and the tooltip.
    public var units: Units = .metric
    /// The tooltip table's width in cells.
    public var tooltipWidth: Int
    /// Rows (days) per city in the tooltip's table; all by default.
    public var days: Int = .max
    /// What another source adds (with `%A` in the text's template, the warnings in force): the template's `%A`, and the
    /// tooltip table's lines under its rows.
    public var decoration: (any CityDecoration)?

    /// Creates a formatter whose text is each city's line, or `template` when one is given.
    public init(template: FormatTemplate? = nil, language: Language = .ja, tooltipWidth: Int = 60) {
        self.template = template
        self.language = language
        self.tooltipWidth = tooltipWidth
    }

    /// The CSS class of a day's weather, from its code's group (the weather that matters most
    /// that day, in JMA's judgement).
    public enum WeatherClass: String, Sendable, CaseIterable {
        /// Group 100, clear: 晴れ, 晴時々曇, 晴のち曇, 晴山沿い雪, ….
        case sunny
        /// Group 200, cloudy: 曇り, 曇時々晴, 霧, ….
        case cloudy
        /// Group 300, rain: 雨, 晴一時雨, 曇時々雨か雪, 雨で雷を伴う, 暴風雨, ….
        case rain
        /// Group 400, snow: 雪, 晴一時雪, 雨のち雪, 雪か雨, 雪で雷を伴う, ….
        case snow

        /// The class of JMA's group `group` (100, 200, 300, 400); nil for any other number.
        public init?(group: Int) {
            guard group % 100 == 0, (1...4).contains(group / 100) else { return nil }
            self = Self.allCases[group / 100 - 1]
        }

        /// The class of a weather code: its group's.
        public init?(_ code: WeatherCode) {
            self.init(group: code.group)
        }
    }

    /// True: the epilogue is the object of the results.
    public var epilogueReadsResults: Bool { true }

    /// "": the object needs every city, so it is written by ``epilogue(for:)``.
    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String { "" }

    /// The object of `results` and a newline.
    public func epilogue<Report: CityReport>(for results: [CityResult<Report>]) -> String {
        object(for: results) + "\n"
    }

    /// The object of `results`, on one line, without a newline. No results give empty texts,
    /// no class and an empty `alt`.
    public func object<Report: CityReport>(for results: [CityResult<Report>]) -> String {
        var classes: [String] = []
        var alt = ""
        if let barClass = Report.layout.barClass {
            let highest = results.compactMap { $0.value.map(barClass) }.max { $0.rank < $1.rank }
            classes += highest.map { [$0.name] } ?? []
            alt = highest.map { String($0.rank) } ?? (results.isEmpty ? "" : "failed")
        } else if let first = results.first {
            let code = first.value.flatMap { $0.rowCount > 0 ? Report.layout.weatherCode($0, 0) : nil }
            if let code, let weather = WeatherClass(code) {
                classes.append(weather.rawValue)
            }
            alt = first.value == nil ? "failed" : code.map { String($0.code) } ?? "unknown"
        }
        if Report.layout.agencyStandsIn, results.contains(where: { $0.provider == .jma && $0.value != nil }) {
            classes.append("fallback")
        }
        if results.contains(where: { $0.stale != nil }) {
            classes.append("stale")
        }
        if results.contains(where: { $0.value == nil }) {
            classes.append("failed")
        }
        return JSONText.object([
            ("text", .string(text(for: results))),
            ("tooltip", .string(tooltip(for: results))),
            ("class", .array(classes.map { .string($0) })),
            ("alt", .string(alt)),
        ]).text
    }

    /// Each city's line or template for one day, joined by two spaces.
    func text<Report: CityReport>(for results: [CityResult<Report>]) -> String {
        var plain = LineFormatter(days: 1, language: language)
        plain.units = units
        var line: any ResultFormatter = plain
        if let template {
            var lines = TemplateFormatter(template: template, days: 1, language: language)
            lines.units = units
            lines.decoration = decoration
            line = lines
        }
        return results.enumerated().map { Self.withoutFinalNewline(line.block(for: $1, index: $0)) }.joined(separator: "  ")
    }

    /// The table without colour, its last newline dropped; "" for no results.
    func tooltip<Report: CityReport>(for results: [CityResult<Report>]) -> String {
        guard !results.isEmpty else { return "" }
        var table = TableFormatter(days: days, color: false, units: units, language: language, width: tooltipWidth)
        table.decoration = decoration
        return Self.withoutFinalNewline(table.format(results))
    }

    private static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
