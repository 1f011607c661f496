/// Tab-separated values for scripts: a header, then one row per city and day (per row of its value).
///
/// The columns are `id`, `city` and `prefecture`, then the value's own (its ``ReportLayout``'s fields): for the 3-day
/// forecast `date day telop min_c max_c rain_00_06 rain_06_12 rain_12_18 rain_18_24`, for the week `date weekday telop
/// min_c max_c rain reliability`. Unknown values are empty fields, never 0; rain is a bare number. A failed city has no
/// rows (its error goes to stderr).
public struct TSVFormatter: ResultFormatter {
    /// Rows (days) per city; at least one. All of them by default.
    public var days: Int
    /// Whether the prologue is the header line.
    public var header: Bool
    /// The language of the values (the column names stay).
    public var language: Language
    /// The units of temperatures and wind speeds (and of their columns' names).
    public var units: Units = .metric
    /// A last column of what another source adds (with `--warnings`, each city's warnings of level 3 or more).
    public var decoration: (any CityDecoration)?

    /// Creates a formatter of `days` rows per city, with or without the header line.
    public init(days: Int = .max, header: Bool = true, language: Language = .ja) {
        self.days = days
        self.header = header
        self.language = language
    }

    /// The header's column names for a kind of value in `units`, in order.
    public static func columns<Report: CityReport>(for report: Report.Type, units: Units = .metric) -> [String] {
        ["id", "city", "prefecture"] + Report.layout.tsvNames(units)
    }

    public func prologue<Report: CityReport>(for report: Report.Type) -> String {
        header ? ValueText.tabLine(Self.columns(for: report, units: units) + (decoration.map { [$0.name] } ?? [])) : ""
    }

    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String {
        guard let value = result.value else { return "" }
        let fields = Report.layout.tsvFields(units)
        let style = TextStyle(language: language, units: units)
        let city = [ValueText.field(result.city.id), ValueText.field(result.name(language)), ValueText.field(result.prefecture(language))]
        var text = ""
        for row in result.rows(days) {
            var line = city
            for field in fields { line.append(field.printed(value, row, style).tsv) }
            if let decoration { line.append(decoration.field(for: result.city.id, language: language)) }
            text += ValueText.tabLine(line)
        }
        return text
    }
}
