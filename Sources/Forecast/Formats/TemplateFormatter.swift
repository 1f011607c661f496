/// The `--format` template format: the template filled in, one line per city, for the first
/// row (day) only unless `days` says more (then one line per city and row).
///
/// `%i`, `%l` and `%P` are the city's ID, name and prefecture; the other placeholders are the
/// row's, as its value's ``ReportLayout`` gives them (in the week `%c` is the icon or the code
/// itself, `%D` the weekday, `%r` the reliability; in the 3-day forecast `%r` has none). An
/// unknown value prints as `-`. A failed city keeps its line, its ID, name and prefecture from
/// the catalog and `-` for the rest, so that line N is city N for a status bar. The whole line
/// passes the untrusted-text gate, the template's own text included: it never carries colour
/// or a control character.
public struct TemplateFormatter: ResultFormatter {
    /// The parsed template.
    public var template: FormatTemplate
    /// Rows (days) per city; at least one.
    public var days: Int
    /// The language of names and phrases.
    public var language: Language

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

    /// The sun's day at the city on a row's day (its `%d`, or today for the warnings); nil for
    /// a city without a value or a row without a date.
    private func sunDay<Report: CityReport>(_ result: CityResult<Report>, _ row: Int?) -> SunDay? {
        guard let value = result.value, let row, let date = Report.layout.sunDate(value, row),
              let day = SunDay.day(of: String(date.prefix(10)))
        else { return nil }
        return SunDay(day: day, latitude: result.city.latitude, longitude: result.city.longitude)
    }

    /// The template for row `row` of the result's value (nil for a city without one).
    private func line<Report: CityReport>(_ result: CityResult<Report>, _ row: Int?) -> String {
        // %S and %s that the value does not answer itself (the sun's does) are computed once
        // for the line, whichever of them it has.
        var sun: SunDay??
        return template.line { placeholder in
            switch placeholder {
            case .id: return result.city.id
            case .city: return result.name(language)
            case .prefecture: return result.prefecture(language)
            default:
                let own = result.value.flatMap { value in row.flatMap { Report.layout.placeholder(placeholder, value, $0, language) } }
                guard own == nil, placeholder == .sunrise || placeholder == .sunset else { return own }
                if sun == nil { sun = .some(sunDay(result, row)) }
                return sun!.flatMap { SunDay.clock(placeholder == .sunrise ? $0.sunrise : $0.sunset) }
            }
        }
    }
}
