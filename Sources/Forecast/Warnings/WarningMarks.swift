/// The warnings of level 3 or more (警報, 危険警報, 特別警報) in force for each city, that the 3-day forecast and the
/// week show with `--warnings`: TSV's last column, JSON's `warnings`, a line under the table; and a template's `%A`
/// (`大雨警報 洪水警報`, `-` for none, `?` when the city's warning file could not be had). Advisories are left out:
/// a forecast's reader is told of what may change the day's plans, and `forecast warnings` lists the rest.
public struct WarningMarks: CityDecoration {
    /// TSV's column and JSON's member.
    public var name: String { "warnings" }

    /// Each city's warnings of level 3 or more, by its ID; nil for a city whose warning file could not be had.
    private var byCity: [String: [Warning]?] = [:]

    /// The lowest level marked: 3, a warning (警報).
    public static let lowestLevel = 3

    /// The marks of these results of ``ForecastClient/warnings(for:jobs:)``.
    public init(_ results: [CityResult<CityWarnings>]) {
        for result in results {
            byCity[result.city.id] = result.value.map { $0.warnings.filter { ($0.level ?? 0) >= Self.lowestLevel } }
        }
    }

    /// The warnings of level 3 or more in force for the city `id`, highest first: empty for
    /// none, nil when its file could not be had (or it was not asked for).
    public func warnings(for id: String) -> [Warning]? {
        byCity[id] ?? nil
    }

    /// TSV's field: the names joined by commas, empty for none or unknown.
    public func field(for id: String, language: Language) -> String {
        ValueText.field((warnings(for: id) ?? []).map { $0.name(in: language) }.joined(separator: ","))
    }

    /// JSON's member: the warnings as `forecast warnings` writes them, `null` when the file could not be had.
    public func json(for id: String, language: Language) -> String {
        guard let warnings = warnings(for: id) else { return "null" }
        let value = CityWarnings(office: "", reported: "", warnings: warnings, readOn: "")
        return JSONText.array(warnings.indices.map { JSONText.row(value, $0, of: CityWarnings.layout, style: TextStyle(language: language, units: .metric)) }).text
    }

    /// `%A`.
    public var placeholders: [FormatTemplate.Placeholder] { [.warnings] }

    /// `%A`: the warnings as `forecast warnings` writes them on a line, `-` for none, `?` when the file could not be had.
    public func template(_ placeholder: FormatTemplate.Placeholder, for id: String, language: Language) -> String {
        guard let warnings = warnings(for: id) else { return TemplateFormatter.failed }
        return CityWarnings.line(warnings, in: language)
    }

    /// The table's lines under the rows: one for each printed city with a warning in force,
    /// `東京の警報: 大雨警報、洪水警報`, wrapping between names, in the highest level's colour.
    public func tableLines(for cities: [(id: String, name: String)], width: Int, language: Language, color: Bool) -> [String] {
        var lines: [String] = []
        let separator = language.listSeparator
        for city in cities {
            guard let warnings = warnings(for: city.id), let highest = warnings.first else { continue }
            // The highest's paint: red for 5 and 4, yellow for 3, as the warnings' table has it.
            let name = ValueText.field(city.name)
            var pieces = [language == .en ? "Warnings in \(name): " : "\(name)の警報: "]
            pieces += warnings.enumerated().map { index, warning in
                ValueText.field(warning.name(in: language)) + (index < warnings.count - 1 ? separator : "")
            }
            let style = paint(highest)
            lines += TextWrap.lines(pieces: pieces, width: width, indent: 2).map { style.paint($0, color: color) }
        }
        return lines
    }
}

extension FormatTemplate.Placeholder {
    /// `%A`: the warnings of level 3 or more in force (`大雨警報 洪水警報`), from the office's warning file, one request
    /// more per office: `-` for none.
    public static let warnings = Self("A", "the warnings (警報) in force, level 3 or more (forecast, forecast week: one request more per office)")
}
