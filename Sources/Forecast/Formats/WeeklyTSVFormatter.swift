/// Tab-separated values for scripts: a header, then one row per city and day.
///
/// Exactly 10 columns: `id city prefecture date weekday telop min_c max_c rain reliability`.
/// `id`, `city` and `prefecture` are what the 3-day TSV prints for the city; the weekday is
/// 日 … 土 (Sun … Sat in English); `telop` is the code's phrase, or the code itself when the
/// table does not know it; rain is a bare number. Unknown values are empty fields, never 0. A
/// failed city has no rows (its error goes to stderr).
public struct WeeklyTSVFormatter: ResultFormatter {
    /// The header's column names, in order.
    public static let columns = [
        "id", "city", "prefecture", "date", "weekday", "telop", "min_c", "max_c", "rain", "reliability",
    ]

    /// Whether the prologue is the header line.
    public var header: Bool
    /// The language of the values (the column names stay).
    public var language: Language
    /// Days per city, 1 to 7.
    public var days: Int

    /// Creates a formatter, with or without the header line.
    public init(header: Bool = true, language: Language = .ja, days: Int = 7) {
        self.header = header
        self.language = language
        self.days = days
    }

    public var prologue: String {
        header ? ValueText.tabLine(Self.columns) : ""
    }

    public var epilogue: String { "" }

    public func block(for result: WeeklyResult, index: Int) -> String {
        guard result.week != nil else { return "" }
        let id = result.city.id, city = result.cityName(language), prefecture = result.prefectureName(language)
        var text = ""
        for day in result.days(days) {
            let fields: [String?] = [
                id, city, prefecture, day.date, day.weekday.name(language), day.weatherText(language),
                ValueText.number(day.min.value), ValueText.number(day.max.value), day.rain.map(String.init), day.reliability,
            ]
            text += ValueText.tabLine(fields.map(ValueText.field))
        }
        return text
    }
}
