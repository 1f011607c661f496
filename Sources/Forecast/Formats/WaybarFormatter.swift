/// One JSON object on one line for all the cities, as waybar's custom modules read it
/// (`"return-type": "json"`):
///
/// ```
/// {"text": "東京 晴のち曇 -/27° 10%  横浜 -", "tooltip": "…", "class": ["sunny", "failed"], "alt": "111"}
/// ```
///
/// - `text`: each city's line, as ``LineFormatter`` writes it for one day (`東京 晴のち曇 -/27° 10%`,
///   a failed city `横浜 -`), or as ``TemplateFormatter`` renders the template for one day;
///   the cities joined by two spaces. Either way it has passed the untrusted-text gate.
/// - `tooltip`: the 3-day table without colour at ``tooltipWidth`` columns (60 by default):
///   its header, every city's rows and the publication times, lines joined by a line feed.
/// - `class`: the first city's ``WeatherClass`` (none when it failed, or when its weather code
///   is unknown), then `stale` if any city is a stale copy, then `failed` if any city has no
///   forecast.
/// - `alt`: the first city's weather code ("111"), `failed` if it failed, `unknown` if its
///   code is not known.
///
/// Every string is escaped as ``JSONFormatter`` escapes it, so the object is valid JSON, and
/// on one line, whatever the server sends. Waybar reads the text and the tooltip as Pango
/// markup unless the module sets `"escape": true`.
///
/// As a ``ResultFormatter`` it prints nothing until every city is known: no prologue, empty
/// blocks, and the object with its newline as the epilogue. A mode that prints an update now
/// and then calls ``object(for:)`` itself.
public struct WaybarFormatter: ResultFormatter {
    /// The template of each city's text, or nil for the line format.
    public var template: FormatTemplate?
    /// The language of names, phrases and the tooltip's table.
    public var language: Language
    /// The tooltip table's width in cells.
    public var tooltipWidth: Int

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
            switch group {
            case 100: self = .sunny
            case 200: self = .cloudy
            case 300: self = .rain
            case 400: self = .snow
            default: return nil
            }
        }

        /// The class of a weather code: its group's.
        public init?(_ code: WeatherCode) {
            self.init(group: code.group)
        }
    }

    public var prologue: String { "" }
    public var epilogue: String { "" }

    /// "": the object needs every city, so it is written by `epilogue(for:)`.
    public func block(for result: FetchResult, index: Int) -> String { "" }

    /// True: the epilogue is the object of the results.
    public var epilogueReadsResults: Bool { true }

    /// The object of `results` and a newline.
    public func epilogue(for results: [FetchResult]) -> String {
        object(for: results) + "\n"
    }

    /// The object of `results`, on one line, without a newline. No results give empty texts,
    /// no class and an empty `alt`.
    public func object(for results: [FetchResult]) -> String {
        let json = JSONFormatter(language: language)
        var classes: [String] = []
        var alt = ""
        if let first = results.first {
            let code = first.forecast?.forecasts.first.flatMap(WeatherCode.of)
            if let code, let weather = WeatherClass(code) {
                classes.append(weather.rawValue)
            }
            alt = first.forecast == nil ? "failed" : code.map { String($0.code) } ?? "unknown"
        }
        if results.contains(where: { $0.stale != nil }) {
            classes.append("stale")
        }
        if results.contains(where: { $0.forecast == nil }) {
            classes.append("failed")
        }
        var classArray = "["
        for (index, name) in classes.enumerated() {
            classArray += (index > 0 ? ", " : "") + json.string(name)
        }
        classArray += "]"
        return json.object([
            ("text", json.string(text(for: results))),
            ("tooltip", json.string(tooltip(for: results))),
            ("class", classArray),
            ("alt", json.string(alt)),
        ])
    }

    /// Each city's line or template for one day, joined by two spaces.
    func text(for results: [FetchResult]) -> String {
        var text = ""
        for (index, result) in results.enumerated() {
            let block = if let template {
                TemplateFormatter(template: template, days: 1, language: language).block(for: result, index: index)
            } else {
                LineFormatter(days: 1, language: language).block(for: result, index: index)
            }
            if index > 0 { text += "  " }
            text += Self.withoutFinalNewline(block)
        }
        return text
    }

    /// The 3-day table without colour, its last newline dropped; "" for no results.
    func tooltip(for results: [FetchResult]) -> String {
        guard !results.isEmpty else { return "" }
        let table = TableFormatter(days: 3, color: false, language: language, width: tooltipWidth)
        return Self.withoutFinalNewline(table.format(results))
    }

    private static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
