/// An aligned table for people at a terminal.
///
/// Columns are padded by display width (a CJK character takes two cells) to widths fixed in
/// advance, so rows written city by city as results arrive stay aligned. Unknown values are
/// `-`. Colour (ANSI) is optional; temperatures may be shown in °F. The server's text passes
/// the untrusted-text gate before any colour is added. A stale copy shown for a failed fetch
/// gets a line of its own under its rows, with its age.
public struct TableFormatter: ResultFormatter {
    /// Days per city, 1 to 3.
    public var days: Int
    /// Whether to colour the text with ANSI escapes.
    public var color: Bool
    /// Whether temperatures are shown in °F instead of °C.
    public var fahrenheit: Bool

    /// Creates a formatter of `days` days per city, with or without colour.
    public init(days: Int = 3, color: Bool = false, fahrenheit: Bool = false) {
        self.days = days
        self.color = color
        self.fahrenheit = fahrenheit
    }

    /// Cell widths: the longest city name of the catalog is 4 characters (8 cells), the longest
    /// telop of the API's table 10 (曇海上海岸は霧か霧雨, 20 cells).
    static let cityWidth = 8
    static let dayWidth = 6
    static let telopWidth = 20
    static let temperatureWidth = 5
    static let rainWidth = 7
    static let rainLabels = ["0-6h", "6-12h", "12-18h", "18-24h"]

    public var prologue: String {
        let unit = fahrenheit ? "°F" : "°C"
        let cells = [
            "id    ",
            DisplayWidth.pad("city", to: Self.cityWidth),
            DisplayWidth.pad("day", to: Self.dayWidth),
            "date ",
            DisplayWidth.pad("weather", to: Self.telopWidth),
            DisplayWidth.padLeft("min" + unit, to: Self.temperatureWidth),
            DisplayWidth.padLeft("max" + unit, to: Self.temperatureWidth),
            Self.rainLabels.map { DisplayWidth.padLeft($0, to: Self.rainWidth) }.joined(),
        ]
        return paint(cells.joined(separator: "  "), .bold) + "\n"
    }

    public var epilogue: String { "" }

    public func block(for result: FetchResult, index: Int) -> String {
        guard let forecast = result.forecast else { return "" }
        var text = ""
        for (offset, day) in ValueText.days(forecast, days).enumerated() {
            let temperature = fahrenheit
                ? (day.temperature.min.fahrenheit, day.temperature.max.fahrenheit)
                : (day.temperature.min.celsius, day.temperature.max.celsius)
            let rain = day.chanceOfRain.periods.map { value in
                let cell = DisplayWidth.padLeft(value.map { "\($0)%" } ?? "-", to: Self.rainWidth)
                return paint(cell, value.map { $0 >= 50 ? .blue : .none } ?? .dim)
            }
            let cells = [
                offset == 0 ? result.city.id : "      ",
                DisplayWidth.pad(offset == 0 ? ValueText.field(forecast.location.city) : "", to: Self.cityWidth),
                DisplayWidth.pad(ValueText.field(day.dateLabel), to: Self.dayWidth),
                ValueText.field(String(day.date.suffix(5))),
                paint(DisplayWidth.pad(ValueText.field(day.telop ?? "-"), to: Self.telopWidth), Self.style(ofTelop: day.telop)),
                paint(DisplayWidth.padLeft(ValueText.number(temperature.0) ?? "-", to: Self.temperatureWidth), .cyan),
                paint(DisplayWidth.padLeft(ValueText.number(temperature.1) ?? "-", to: Self.temperatureWidth), .red),
                rain.joined(),
            ]
            text += cells.joined(separator: "  ") + "\n"
        }
        if let stale = result.stale {
            // Under the city's name: the copy is old, and how old.
            text += "        " + paint("(stale, \(stale.ageText) old: the fetch failed)", .dim) + "\n"
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

    private func paint(_ text: String, _ style: Style) -> String {
        guard color, style != .none else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
