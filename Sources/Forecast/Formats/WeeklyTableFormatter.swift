/// An aligned table of weeks for people at a terminal, a row per day, that fits its width
/// (80 columns by default).
///
/// ```
///                                                          °C
/// ID      地点      日付  曜日  天気                 最低 最高  降水  信頼度
/// 130010  東京      07-25 日    曇時々晴                -    -     -  -
///                   07-26 月    曇り                   23   31   40%  -
///                   07-27 火    曇時々雨               23   27   70%  B
/// ```
///
/// A row per day rather than a column per day: seven days across leave a city's phrase a few
/// cells at 80 columns, while a row per day keeps the phrase, both temperatures, the chance of
/// rain and the reliability, as the agency's weekly page gives them, and narrows by the same
/// rules as the 3-day table (`WeeklyTableLayout`): padded by display width, a phrase or a name
/// wraps within its column, a number or a date never, no line wider than the width from 40
/// columns. Unknown values are `-`; a code the weather table does not know shows as the code.
/// Icons are left out, as in the 3-day table: terminals disagree on how wide an emoji is. A
/// failed city keeps a row that says why; a week read from an older cached file gets a line
/// with its age. The footer gives each week's publication time (`PublicationFooter`) and
/// credits the agency (出典: 気象庁), where every week comes from.
public struct WeeklyTableFormatter: ResultFormatter {
    /// Whether to colour the text with ANSI escapes.
    public var color: Bool
    /// The language of names, phrases, weekdays and the header.
    public var language: Language
    /// The terminal's width in cells, which decides the columns.
    public var width: Int
    /// Days per city, 1 to 7.
    public var days: Int

    /// Creates a formatter for `width` cells, with or without colour.
    public init(color: Bool = false, language: Language = .ja, width: Int = 80, days: Int = 7) {
        self.color = color
        self.language = language
        self.width = width
        self.days = days
    }

    var layout: WeeklyTableLayout { WeeklyTableLayout(width: width, language: language) }

    public var prologue: String {
        let layout = layout.chosen
        let english = language == .en
        let groups = layout.cells(spans: [.init(keys: [.min, .max], text: "°C", right: true)]) { _ in nil }
        let names = layout.cells { column in column.cell(Self.name(of: column.key, english: english)) }
        return groups.rendered(color: color, style: .bold) + names.rendered(color: color, style: .bold)
    }

    /// A column's name in the header.
    static func name(of column: WeeklyTableLayout.Key, english: Bool) -> String {
        switch column {
        case .id: english ? "id" : "ID"
        case .city: english ? "city" : "地点"
        case .date: english ? "date" : "日付"
        case .weekday: english ? "day" : "曜日"
        case .weather: english ? "weather" : "天気"
        case .min: english ? "min" : "最低"
        case .max: english ? "max" : "最高"
        case .rain: english ? "rain" : "降水"
        case .reliability: english ? "rel." : "信頼度"
        }
    }

    public var epilogue: String { "" }

    /// True: the epilogue lists the publication times of the results.
    public var epilogueReadsResults: Bool { true }

    /// Each printed week's publication time (one line if they share one), then the credit.
    public func epilogue(for results: [WeeklyResult]) -> String {
        let printed = results.compactMap { result in
            result.week.map { (time: $0.reportTime, name: result.cityName(language)) }
        }
        guard !printed.isEmpty else { return "" }
        let lines = PublicationFooter(printed).lines(width: width, language: language)
            + PublicationFooter.creditLines(width: width, language: language)
        return "\n" + lines.map { TableCell.Style.dim.paint($0, color: color) + "\n" }.joined()
    }

    public func block(for result: WeeklyResult, index: Int) -> String {
        let layout = layout
        let city = ValueText.field(result.cityName(language))
        // Without a city column, the name has a line of its own above its rows.
        var text = layout.shows(.city) ? "" : heading(city)
        guard result.week != nil else {
            return text + layout.chosen.failedRow([(.id, result.city.id), (.city, city)], error: result.error).rendered(color: color)
        }
        for (offset, day) in result.days(days).enumerated() {
            text += dayRow(day, id: offset == 0 ? result.city.id : "", city: offset == 0 ? city : "", layout: layout)
                .rendered(color: color)
        }
        if let stale = result.stale {
            text += layout.chosen.staleLines(stale, indent: layout.cityIndent, color: color)
        }
        return text
    }

    /// A city's name on a line of its own, wrapped between words, never inside one.
    private func heading(_ city: String) -> String {
        let words = city.split(separator: " ").map { String($0) + " " }
        return TextWrap.lines(pieces: words, width: width).map { TableCell.Style.bold.paint($0, color: color) + "\n" }.joined()
    }

    /// The cells of one day of a city: the ID and name only on its first day.
    private func dayRow(_ day: WeeklyDay, id: String, city: String, layout: WeeklyTableLayout) -> [TableCell] {
        layout.chosen.cells { column in
            switch column.key {
            case .id: column.cell(id)
            case .city: column.cell(city)
            case .date: column.cell(ValueText.field(String(day.date.suffix(5))))
            case .weekday: column.cell(day.weekday.name(language), style: day.weekday == .sunday ? .red : .none)
            case .weather:
                column.cell(ValueText.field(day.weatherText(language) ?? "-"), style: .of(telop: day.weatherCode?.telop))
            case .min: column.cell(ValueText.number(day.min.value) ?? "-", style: .cyan)
            case .max: column.cell(ValueText.number(day.max.value) ?? "-", style: .red)
            case .rain: column.rainCell(day.rain)
            case .reliability:
                column.cell(ValueText.field(day.reliability ?? "-"), style: day.reliability == nil ? .dim : .none)
            }
        }
    }
}
