/// One short line per city for status bars and prompts: `東京 晴時々曇 -/27°C 10%`.
///
/// The name, then each row as the value's ``ReportLayout`` writes it, rows after the first led by their label and
/// separated by ` | `: the 3-day forecast's telop, min/max °C (`-` when unknown) and the highest chance of rain still
/// ahead (`明日 曇り 18/25°C 40%` for a later day); the week's weekday, icon, min/max and chance of rain. No colour, no
/// header. A failed city keeps its line, as its name and `(failed)` (`横浜 (failed)`), so that line N is always the Nth
/// city for a status bar, and a failure never reads as a value's `-` (the warnings' "none in force"). A stale value (a
/// copy shown for a failed fetch, or data older than its source should serve) ends with its age: `東京 晴 -/27°C 10%
/// (stale, 3 h old)`.
public struct LineFormatter: ResultFormatter {
    /// Rows (days) per line; at least one.
    public var days: Int
    /// The language of names and phrases.
    public var language: Language
    /// The units of temperatures and wind speeds.
    public var units: Units = .metric

    /// Creates a formatter of `days` rows per line.
    public init(days: Int = 1, language: Language = .ja) {
        self.days = days
        self.language = language
    }

    /// What a failed city's line says after its name.
    static let failed = "(failed)"

    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String {
        let name = ValueText.field(result.name(language))
        guard let value = result.value else { return name + " " + Self.failed + "\n" }
        var line = name
        let style = TextStyle(language: language, units: units)
        for row in result.lineRows(days) {
            line += (row == 0 ? " " : " | ") + ValueText.field(Report.layout.line(value, row, style))
        }
        let marker = result.stale.map { " (stale, \($0.ageText) old)" } ?? ""
        return line + marker + "\n"
    }
}
