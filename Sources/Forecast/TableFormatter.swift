/// An aligned table for people at a terminal, that fits its width (80 columns by default).
///
/// ```
///                                                 °C           降水確率
/// ID      地点      日     日付   天気          最低 最高  00-06 06-12 12-18 18-24
/// 130010  東京      今日   05-19  晴のち曇         -   27      -    0%   10%   10%
/// ```
///
/// Columns are padded by display width (a CJK character takes two cells) to widths fixed in
/// advance from the width, so rows written city by city as results arrive
/// stay aligned; a weather phrase or a name longer than its column wraps within it. Unknown
/// values are `-`. A failed city keeps a row that says it failed and why; a stale copy shown
/// for a failed fetch gets a line under its rows, with its age. The publication times close
/// the table: one line when every city shares its time, else one line per time naming its
/// cities. Colour (ANSI) is optional; temperatures may be shown in °F. The server's text
/// passes the untrusted-text gate before any colour is added.
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

    static let rainLabels = ["00-06", "06-12", "12-18", "18-24"]

    public var prologue: String {
        let layout = layout
        let english = language == .en
        let unit = fahrenheit ? "°F" : "°C"
        // The first line names the groups: the unit over the temperatures, the rain's over its columns.
        var groups = [TableCell](blanksBeforeTemperaturesOf: layout)
        groups.append(TableCell(unit, width: 2 * TableLayout.temperatureWidth + 1, gap: 1, right: true))
        if layout.splitsRain {
            groups.append(TableCell(english ? "chance of rain" : "降水確率", width: 4 * TableLayout.rainWidth + 3, gap: 2, right: true))
        }
        var names: [TableCell] = []
        if layout.showsID { names.append(TableCell(english ? "id" : "ID", width: TableLayout.idWidth, gap: 0)) }
        names.append(TableCell(english ? "city" : "地点", width: layout.cityWidth, gap: layout.showsID ? 2 : 0))
        names.append(TableCell(english ? "day" : "日", width: layout.dayWidth, gap: 2))
        if layout.showsDate { names.append(TableCell(english ? "date" : "日付", width: TableLayout.dateWidth, gap: 1)) }
        names.append(TableCell(english ? "weather" : "天気", width: layout.weatherWidth, gap: 2))
        names.append(TableCell(english ? "min" : "最低", width: TableLayout.temperatureWidth, gap: 1, right: true))
        names.append(TableCell(english ? "max" : "最高", width: TableLayout.temperatureWidth, gap: 1, right: true))
        if layout.splitsRain {
            for (offset, label) in Self.rainLabels.enumerated() {
                names.append(TableCell(label, width: TableLayout.rainWidth, gap: offset == 0 ? 2 : 1, right: true))
            }
        } else {
            names.append(TableCell(english ? "rain" : "降水", width: TableLayout.rainSummaryWidth, gap: 2, right: true))
        }
        return render(groups, style: .bold) + render(names, style: .bold)
    }

    public var epilogue: String { "" }

    /// True: the epilogue lists the publication times of the results.
    public var epilogueReadsResults: Bool { true }

    /// The publication times of the cities that succeeded: one line if they share one.
    public func epilogue(for results: [FetchResult]) -> String {
        var times: [(time: String, cities: [String])] = []
        for result in results where result.stale == nil {
            guard let forecast = result.forecast else { continue }
            let name = ValueText.field(language.cityName(result))
            if let index = times.firstIndex(where: { $0.time == forecast.publicTime }) {
                times[index].cities.append(name)
            } else {
                times.append((forecast.publicTime, [name]))
            }
        }
        guard !times.isEmpty else { return "" }
        let lead = language == .en ? "Published" : "発表"
        var text = "\n"
        for entry in times {
            var line = "\(lead) \(ValueText.field(ValueText.publicationTime(entry.time)))"
            if times.count > 1 {
                line += ": " + entry.cities.joined(separator: language == .en ? ", " : "、")
            }
            text += TextWrap.lines(line, width: width).map { paint($0, .dim) + "\n" }.joined()
        }
        return text
    }

    public func block(for result: FetchResult, index: Int) -> String {
        let layout = layout
        let city = ValueText.field(language.cityName(result))
        guard let forecast = result.forecast else {
            // A failed city keeps its row: its name, and why, across the rest of the row.
            var cells = [TableCell](leading: layout, id: result.city.id, city: city)
            let reason = "failed: " + ValueText.field(result.error.map { "\($0)" } ?? "unknown error")
            let span = layout.totalWidth - cells.reduce(0) { $0 + $1.gap + $1.width } - 2
            cells.append(TableCell(reason, width: span, gap: 2, style: .red))
            return render(cells)
        }
        var text = ""
        for (offset, day) in ValueText.days(forecast, days).enumerated() {
            let temperature = fahrenheit
                ? (day.temperature.min.fahrenheit, day.temperature.max.fahrenheit)
                : (day.temperature.min.celsius, day.temperature.max.celsius)
            var cells = [TableCell](leading: layout, id: offset == 0 ? result.city.id : "", city: offset == 0 ? city : "")
            cells.append(TableCell(ValueText.field(language.dayLabel(day)), width: layout.dayWidth, gap: 2))
            if layout.showsDate {
                cells.append(TableCell(ValueText.field(String(day.date.suffix(5))), width: TableLayout.dateWidth, gap: 1))
            }
            cells.append(TableCell(ValueText.field(language.telop(day) ?? "-"), width: layout.weatherWidth, gap: 2,
                              style: Self.style(ofTelop: day.telop)))
            cells.append(TableCell(ValueText.number(temperature.0) ?? "-", width: TableLayout.temperatureWidth, gap: 1,
                              right: true, style: .cyan))
            cells.append(TableCell(ValueText.number(temperature.1) ?? "-", width: TableLayout.temperatureWidth, gap: 1,
                              right: true, style: .red))
            if layout.splitsRain {
                for (period, value) in day.chanceOfRain.periods.enumerated() {
                    cells.append(TableCell(value.map { "\($0)%" } ?? "-", width: TableLayout.rainWidth, gap: period == 0 ? 2 : 1,
                                      right: true, style: value.map { $0 >= 50 ? .blue : .none } ?? .dim))
                }
            } else {
                let highest = day.chanceOfRain.periods.compactMap { $0 }.max()
                cells.append(TableCell(highest.map { "\($0)%" } ?? "-", width: TableLayout.rainSummaryWidth, gap: 2,
                                  right: true, style: highest.map { $0 >= 50 ? .blue : .none } ?? .dim))
            }
            text += render(cells)
        }
        if let stale = result.stale {
            // Under the city's name: the copy is old, and how old.
            let indent = layout.showsID ? TableLayout.idWidth + 2 : 0
            let line = "(stale, \(stale.ageText) old: the fetch failed)"
            text += TextWrap.lines(line, width: width - indent).map {
                String(repeating: " ", count: indent) + paint($0, .dim) + "\n"
            }.joined()
        }
        return text
    }

    enum Style: String {
        case none = ""
        case bold = "1"
        case dim = "2"
        case red = "31"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }

    /// Sun yellow, rain blue, snow cyan, by the first weather the telop names.
    static func style(ofTelop telop: String?) -> Style {
        switch telop?.first {
        case "晴": .yellow
        case "雨", "大", "暴": .blue
        case "雪": .cyan
        default: .none
        }
    }

    func paint(_ text: String, _ style: Style) -> String {
        guard color, style != .none, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
