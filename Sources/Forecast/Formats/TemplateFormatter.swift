/// The `--format` template format: the template filled in, one line per city, for the first
/// row (day) only unless `days` says more (then one line per city and row).
///
/// `%i`, `%l` and `%P` are the city's ID, name and prefecture, `%u` and `%a` its data's time and age (the result's
/// ``DataAge``); the other placeholders are the row's, as its value's ``ReportLayout`` gives them (in the week `%c` is
/// the icon or the code itself, `%D` the weekday, `%r` the reliability; in the 3-day forecast `%r` has none), or what
/// another source adds (`%A`, the warnings in force: the ``decoration``'s; `%S`, the sunrise). An unknown value prints
/// as `-`. A failed city keeps its line, its ID, name and prefecture from the catalog and `?` for the rest, so that line
/// N is city N for a status bar and a failure never reads as an unknown value. A stale value is not marked: the line's
/// shape is the template's, and `%a` says the age. The whole line passes the untrusted-text gate, the template's own
/// text included: it never carries colour or a control character.
public struct TemplateFormatter: ResultFormatter {
    /// The parsed template.
    public var template: FormatTemplate
    /// Rows (days) per city; at least one.
    public var days: Int
    /// The language of names and phrases.
    public var language: Language
    /// The units of temperatures and wind speeds: a placeholder's number is in them, without its unit.
    public var units: Units = .metric
    /// What other sources answer in its lines: `Registry`'s.
    var additions: [any TemplateAddition] = Registry.templateAdditions
    /// What another source adds to each city and answers in its lines (with `%A`, the warnings in force).
    public var decoration: (any CityDecoration)?

    /// What a failed city's placeholders print, but its ID, name and prefecture.
    static let failed = "?"

    /// Creates a formatter of `template`, `days` lines per city.
    public init(template: FormatTemplate, days: Int = 1, language: Language = .ja) {
        self.template = template
        self.days = days
        self.language = language
    }

    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String {
        guard result.value != nil else { return line(result, nil) }
        var text = ""
        for row in result.lineRows(days) {
            text += line(result, row)
        }
        return text
    }

    /// The template for row `row` of the result's value (nil for a city without one).
    private func line<Report: CityReport>(_ result: CityResult<Report>, _ row: Int?) -> String {
        // What an addition answers is computed once for the line, whichever of its placeholders the template has.
        var added: [Int: [FormatTemplate.Placeholder: String]] = [:]
        let style = TextStyle(language: language, units: units)
        return template.line { placeholder in
            switch placeholder {
            case .id: return result.city.id
            case .city: return result.name(language)
            case .prefecture: return result.prefecture(language)
            case _ where result.value == nil: return Self.failed
            case .dataTime: return result.age?.timeText
            case .age: return result.age?.text
            case _ where decoration?.placeholders.contains(placeholder) == true:
                return decoration?.template(placeholder, for: result.city.id, language: language)
            default:
                let own = result.value.flatMap { value in row.flatMap { Report.layout.placeholder(placeholder, value, $0, style) } }
                guard own == nil, let index = additions.firstIndex(where: { $0.placeholders.contains(placeholder) }) else { return own }
                if added[index] == nil {
                    let day = result.value.flatMap { value in row.flatMap { Report.layout.day(value, $0) } }
                    added[index] = additions[index].values(city: result.city, day: day)
                }
                return added[index]?[placeholder]
            }
        }
    }
}

/// Placeholders that a source answers in every command's templates, from the city and the day a row is about, where the
/// row's own value does not answer them (the sun's `%S` and `%s`). `Registry` lists them.
package protocol TemplateAddition: Sendable {
    /// The placeholders it answers.
    var placeholders: [FormatTemplate.Placeholder] { get }
    /// Its values for `city` on `day` ("YYYY-MM-DD"; nil for a row about no day).
    func values(city: City, day: String?) -> [FormatTemplate.Placeholder: String]
}
