/// One short line per city for status bars and prompts: `東京 晴時々曇 -/27° 10%`.
///
/// Name, telop, min/max °C (`-` when unknown) and the highest chance of rain among the periods
/// still ahead. With more than one day, the later days follow on the same line after ` | `,
/// each led by its label (`明日 曇り 18/25° 40%`). No colour, no header. A failed city keeps its
/// line, as its name and `-` (`横浜 -`), so that line N is always the Nth city for a status bar.
/// A stale copy shown for a failed fetch ends with its age: `東京 晴 -/27° 10% (stale, 3 h old)`.
public struct LineFormatter: ResultFormatter {
    /// Days per line, 1 to 3.
    public var days: Int
    /// The language of names and phrases.
    public var language: Language

    /// Creates a formatter of `days` days per line.
    public init(days: Int = 1, language: Language = .ja) {
        self.days = days
        self.language = language
    }

    public var prologue: String { "" }
    public var epilogue: String { "" }

    public func block(for result: FetchResult, index: Int) -> String {
        guard let forecast = result.forecast else { return ValueText.field("\(language.cityName(result)) -") + "\n" }
        let parts = ValueText.days(forecast, days).enumerated().map { offset, day in
            let minimum = ValueText.number(day.temperature.min.celsius) ?? "-"
            let maximum = ValueText.number(day.temperature.max.celsius) ?? "-"
            let rain = ValueText.rainAhead(day) ?? "-"
            let lead = offset == 0 ? language.cityName(result) : language.dayLabel(day)
            return ValueText.field("\(lead) \(language.telop(day) ?? "-") \(minimum)/\(maximum)° \(rain)")
        }
        let marker = result.stale.map { " (stale, \($0.ageText) old)" } ?? ""
        return parts.joined(separator: " | ") + marker + "\n"
    }
}
