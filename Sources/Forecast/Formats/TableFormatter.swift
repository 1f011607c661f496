/// An aligned table for people at a terminal, that fits its width (80 columns by default).
///
/// ```
///                                                      °C                 降水確率
/// ID      地点      日     日付   天気          最低 最高  00-06 06-12 12-18 18-24
/// 130010  東京      今日   05-19  晴のち曇         -   27      -    0%   10%   10%
/// ```
///
/// Columns are padded by display width (a CJK character takes two cells) to widths fixed in
/// advance from the width (`TableLayout`), so rows written city by city as results arrive stay
/// aligned; a weather phrase, a name or a reason longer than its column wraps within it, a
/// number or a date never. No line is wider than the width down to 40 columns; below, the
/// narrowest layout keeps its least widths. Unknown values are `-`. A failed city keeps a row
/// that says it failed and why; a stale copy shown for a failed fetch gets a line under its
/// rows, with its age. The publication times close the table (`PublicationFooter`), stale
/// copies with their own. Colour (ANSI) is optional; temperatures may be shown in °F. The
/// server's text passes the untrusted-text gate before any colour is added.
public struct TableFormatter: ResultFormatter {
    /// Days per city, 1 to 3.
    public var days: Int
    /// Whether to colour the text with ANSI escapes.
    public var color: Bool
    /// Whether temperatures are shown in °F instead of °C.
    public var fahrenheit: Bool
    /// The language of names, phrases and the header.
    public var language: Language
    /// The terminal's width in cells, which decides the columns.
    public var width: Int

    /// Creates a formatter of `days` days per city, with or without colour, for `width` cells.
    public init(days: Int = 3, color: Bool = false, fahrenheit: Bool = false, language: Language = .ja, width: Int = 80) {
        self.days = days
        self.color = color
        self.fahrenheit = fahrenheit
        self.language = language
        self.width = width
    }

    var layout: TableLayout { TableLayout(width: width, language: language) }

    public var prologue: String {
        let layout = layout.chosen
        let english = language == .en
        // The first line names the groups: the unit over the temperatures, the rain's over its periods.
        let groups = layout.cells(spans: [
            .init(keys: [.min, .max], text: fahrenheit ? "°F" : "°C", right: true),
            .init(keys: TableLayout.rainPeriods, text: english ? "chance of rain" : "降水確率", right: true),
        ]) { _ in nil }
        let names = layout.cells { column in
            column.cell(Self.name(of: column.key, english: english))
        }
        return groups.rendered(color: color, style: .bold) + names.rendered(color: color, style: .bold)
    }

    /// A column's name in the header.
    static func name(of column: TableLayout.Key, english: Bool) -> String {
        switch column {
        case .id: english ? "id" : "ID"
        case .city: english ? "city" : "地点"
        case .day: english ? "day" : "日"
        case .date: english ? "date" : "日付"
        case .weather: english ? "weather" : "天気"
        case .min: english ? "min" : "最低"
        case .max: english ? "max" : "最高"
        case .rain(let period): ["00-06", "06-12", "12-18", "18-24"][period]
        case .rainAhead: english ? "rain" : "降水"
        }
    }

    public var epilogue: String { "" }

    /// True: the epilogue lists the publication times of the results.
    public var epilogueReadsResults: Bool { true }

    /// The publication times of every city printed with a forecast, stale copies included:
    /// one line if they share one.
    public func epilogue(for results: [FetchResult]) -> String {
        var lines = PublicationFooter(results: results, language: language).lines(width: width, language: language)
        guard !lines.isEmpty else { return "" }
        if results.contains(where: { $0.provider == .jma && $0.forecast != nil }) {
            lines += PublicationFooter.creditLines(width: width, language: language)
        }
        return "\n" + lines.map { TableCell.Style.dim.paint($0, color: color) + "\n" }.joined()
    }

    public func block(for result: FetchResult, index: Int) -> String {
        let layout = layout
        let city = ValueText.field(language.cityName(result))
        guard let forecast = result.forecast else {
            return layout.chosen.failedRow([(.id, result.city.id), (.city, city)], error: result.error).rendered(color: color)
        }
        var text = ""
        for (offset, day) in ValueText.days(forecast, days).enumerated() {
            text += dayRow(day, id: offset == 0 ? result.city.id : "", city: offset == 0 ? city : "", layout: layout)
                .rendered(color: color)
        }
        if let stale = result.stale {
            text += layout.chosen.staleLines(stale, indent: layout.cityIndent, color: color)
        }
        return text
    }
}
