/// Tab-separated values for scripts: a header, then one row per city per day.
///
/// Exactly 12 columns: id, city, prefecture, date, day, telop, min_c, max_c and the four
/// rain chances. Unknown values are empty fields; rain is a bare number. A failed city has no
/// rows (its error goes to stderr).
public struct TSVFormatter: ResultFormatter {
    /// The header's column names, in order.
    public static let columns = [
        "id", "city", "prefecture", "date", "day", "telop", "min_c", "max_c",
        "rain_00_06", "rain_06_12", "rain_12_18", "rain_18_24",
    ]

    /// Days per city, 1 to 3.
    public var days: Int
    /// Whether the prologue is the header line.
    public var header: Bool
    /// The language of the values (the column names stay).
    public var language: Language

    /// Creates a formatter of `days` days per city, with or without the header line.
    public init(days: Int = 3, header: Bool = true, language: Language = .ja) {
        self.days = days
        self.header = header
        self.language = language
    }

    public var prologue: String {
        header ? ValueText.tabLine(Self.columns) : ""
    }

    public var epilogue: String { "" }

    public func block(for result: FetchResult, index: Int) -> String {
        guard let forecast = result.forecast else { return "" }
        var text = ""
        for day in ValueText.days(forecast, days) {
            let fields: [String?] = [
                result.city.id, language.cityName(result), language.prefectureName(result),
                day.date, language.dayLabel(day), language.telop(day),
                ValueText.number(day.temperature.min.celsius), ValueText.number(day.temperature.max.celsius),
            ] + day.chanceOfRain.periods.map { $0.map(String.init) }
            text += ValueText.tabLine(fields.map(ValueText.field))
        }
        return text
    }
}
