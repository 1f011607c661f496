/// One line per city for status bars and prompts: the name, then each day's weekday, icon,
/// min/max °C and chance of rain, days separated by ` | `.
///
/// ```
/// 東京 日 🌥️ -/-° - | 月 ☁️ 23/31° 40% | 火 🌧️ 23/27° 70% | …
/// ```
///
/// An unknown value is `-`; a code the weather table does not know is printed in place of the
/// icon (`999`), so it is seen rather than hidden. A failed city keeps its line, as its name
/// and `-`, so that line N is always the Nth city for a status bar; a week read from an older
/// cached file ends with its age, as the 3-day line does. No colour, no header.
public struct WeeklyLineFormatter: ResultFormatter {
    /// The language of names and weekdays.
    public var language: Language
    /// Days per line, 1 to 7.
    public var days: Int

    /// Creates a formatter of `days` days per line.
    public init(language: Language = .ja, days: Int = 7) {
        self.language = language
        self.days = days
    }

    public var prologue: String { "" }
    public var epilogue: String { "" }

    public func block(for result: WeeklyResult, index: Int) -> String {
        let name = ValueText.field(result.cityName(language))
        guard result.week != nil else { return name + " -\n" }
        var line = name
        for (offset, day) in result.days(days).enumerated() {
            let minimum = ValueText.number(day.min.value) ?? "-"
            let maximum = ValueText.number(day.max.value) ?? "-"
            let rain = day.rain.map { "\($0)%" } ?? "-"
            line += offset == 0 ? " " : " | "
            line += ValueText.field("\(day.weekday.name(language)) \(day.iconText ?? "-") \(minimum)/\(maximum)° \(rain)")
        }
        let marker = result.stale.map { " (stale, \($0.ageText) old)" } ?? ""
        return line + marker + "\n"
    }
}
