/// An aligned table for people at a terminal, that fits its width (80 columns by default): a
/// row per day (per row of the value), the city's ID and name on its first.
///
/// ```
///                                                      °C                 降水確率
/// ID      地点      日     日付   天気          最低 最高  00-06 06-12 12-18 18-24
/// 130010  東京      今日   05-19  晴のち曇         -   27      -    0%   10%   10%
/// ```
///
/// The columns after the ID and the name are the value's (its ``ReportLayout``'s table), and so is the drop sequence
/// (`ColumnLayout`) that makes the table narrower. Columns are padded by display width (a CJK character takes two cells)
/// to widths fixed in advance from the width, so rows written city by city as results arrive stay aligned; a weather
/// phrase, a name or a reason longer than its column wraps within it, a number or a date never. Where the city column
/// is dropped, each city's name has a line of its own above its rows.
///
/// Unknown values are `-`. A failed city keeps a row that says it failed and why; a stale copy shown for a failed fetch
/// gets a line under its rows, with its age. The publication times close the table (`PublicationFooter`), stale copies
/// with their own, and the agency's credit (出典: 気象庁) when anything printed was read from its files. Colour (ANSI) is
/// optional; the 3-day forecast's temperatures may be shown in °F. The server's text passes the untrusted-text gate
/// before any colour is added.
public struct TableFormatter: ResultFormatter {
    /// Rows (days) per city; at least one. All of them by default.
    public var days: Int
    /// Whether to colour the text with ANSI escapes.
    public var color: Bool
    /// The units of temperatures and wind speeds, which the header's labels name.
    public var units: Units
    /// The language of names, phrases and the header.
    public var language: Language
    /// The terminal's width in cells, which decides the columns.
    public var width: Int
    /// Lines under the rows of what another source adds (with `--warnings`, one for each city
    /// with a warning of level 3 or more in force, in its colour: `東京の警報: 大雨警報、洪水警報`).
    public var decoration: (any CityDecoration)?

    /// Creates a formatter of `days` rows per city, with or without colour, for `width` cells.
    public init(days: Int = .max, color: Bool = false, units: Units = .metric, language: Language = .ja, width: Int = 80) {
        self.days = days
        self.color = color
        self.units = units
        self.language = language
        self.width = width
    }

    var style: TextStyle { TextStyle(language: language, units: units) }

    /// Every column of a kind of value's full table in `language`, at its least width: the city's ID and name (its
    /// English column holds the longest word of any catalog name), then the value's.
    static func columns<Report: CityReport>(for report: Report.Type, language: Language) -> [ColumnLayout<String>.Column] {
        let city = ColumnLayout<String>.Column("city", width: language == .en ? 12 : 8, gap: language.columnGap)
        return [ColumnLayout<String>.Column("id", width: 6, gap: 0, wraps: false), city]
            + Report.layout.table.columns(language).filter { !$0.merged }.map { $0.column }
    }

    /// The columns a kind of value's table shows at `width` cells in `language`.
    static func layout<Report: CityReport>(for report: Report.Type, width: Int, language: Language) -> ColumnLayout<String> {
        ColumnLayout(width: width, columns: columns(for: report, language: language), steps: Report.layout.table.steps(language))
    }

    public func prologue<Report: CityReport>(for report: Report.Type) -> String {
        let layout = Self.layout(for: report, width: width, language: language)
        let english = language == .en
        let titles = Report.layout.table.columns(language)
        // The first line names the groups: the unit over the temperatures, the rain's over its
        // periods; a table without groups (the warnings) has no such line.
        let spans = Report.layout.table.groups(style)
        let groups = layout.cells(spans: spans.map { .init(keys: $0.keys, text: $0.text, right: true) }) { _ in nil }
        let names = layout.cells { column in
            switch column.key {
            case "id": column.cell(english ? "id" : "ID")
            case "city": column.cell(english ? "city" : "地点")
            default: column.cell(titles.first { $0.column.key == column.key }.map { english ? $0.title.en : $0.title.ja } ?? "")
            }
        }
        return (spans.isEmpty ? "" : groups.rendered(color: color, style: .bold)) + names.rendered(color: color, style: .bold)
    }

    /// True: the epilogue lists the publication times of the results.
    public var epilogueReadsResults: Bool { true }

    /// The publication times of every city printed with a value, stale copies included (one line if they share one),
    /// then the agency's credit if any was read from its files, naming those cities unless every printed city was (`出典:
    /// 気象庁 (横浜)`). With a decoration (`--warnings`), its lines come first, and the credit covers them.
    public func epilogue<Report: CityReport>(for results: [CityResult<Report>]) -> String {
        var lines = PublicationFooter(results: results, language: language).lines(width: width, language: language)
        guard !lines.isEmpty else { return "" }
        let printed = results.filter { $0.value != nil }
        let warned = decoration.map { marks in
            marks.tableLines(for: printed.map { ($0.city.id, $0.name(language)) }, width: width, language: language, color: color)
        } ?? []
        let fromAgency = printed.filter { $0.provider == .jma }
        if !fromAgency.isEmpty || !warned.isEmpty {
            // The warnings are the agency's for every city they name: the credit then names none.
            let named = fromAgency.count < printed.count && warned.isEmpty ? fromAgency.map { ValueText.field($0.name(language)) } : []
            lines += PublicationFooter.creditLines(width: width, language: language, cities: named)
        }
        return "\n" + warned.map { $0 + "\n" }.joined() + lines.map { TableCell.Style.dim.paint($0, color: color) + "\n" }.joined()
    }

    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String {
        let layout = Self.layout(for: Report.self, width: width, language: language)
        let city = ValueText.field(result.name(language))
        // Without a city column, the name has a line of its own above its rows.
        var text = layout.shows("city") ? "" : heading(city)
        guard let value = result.value else {
            return text + layout.failedRow([("id", result.city.id), ("city", city)], error: result.error).rendered(color: color)
        }
        let columns = Report.layout.table.columns(language)
        let style = style
        for row in result.rows(days) {
            let cells = layout.cells { column in
                switch column.key {
                case "id": return column.cell(row == 0 ? result.city.id : "")
                case "city": return column.cell(row == 0 ? city : "")
                default:
                    guard let design = columns.first(where: { $0.column.key == column.key }) else { return nil }
                    let (text, paint) = design.cell(value, row, style)
                    return column.cell(text, style: paint)
                }
            }
            text += cells.rendered(color: color)
        }
        if let stale = result.stale {
            text += layout.staleLines(stale, indent: layout.indent(of: "city"), color: color)
        }
        return text
    }

    /// A city's name on a line of its own, wrapped between words, never inside one.
    private func heading(_ city: String) -> String {
        let words = city.split(separator: " ").map { String($0) + " " }
        return TextWrap.lines(pieces: words, width: width).map { TableCell.Style.bold.paint($0, color: color) + "\n" }.joined()
    }
}
