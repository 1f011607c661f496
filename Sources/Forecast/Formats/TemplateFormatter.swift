/// The `--format` template format: the template filled in, one line per city, for the first
/// day only unless `days` says more (then one line per city and day).
///
/// An unknown value prints as `-`. A failed city keeps its line, its ID, name and prefecture
/// from the catalog and `-` for the rest, so that line N is city N for a status bar. The whole
/// line passes the untrusted-text gate, the template's own text included: it never carries
/// colour or a control character.
public struct TemplateFormatter: ResultFormatter {
    /// The parsed template.
    public var template: FormatTemplate
    /// Days per city, 1 to 3.
    public var days: Int
    /// The language of names and phrases.
    public var language: Language

    /// Creates a formatter of `template`, `days` lines per city.
    public init(template: FormatTemplate, days: Int = 1, language: Language = .ja) {
        self.template = template
        self.days = days
        self.language = language
    }

    public var prologue: String { "" }
    public var epilogue: String { "" }

    public func block(for result: FetchResult, index: Int) -> String {
        guard let forecast = result.forecast else { return line(result, nil) }
        return ValueText.days(forecast, days).map { line(result, $0) }.joined()
    }

    private func line(_ result: FetchResult, _ day: DailyForecast?) -> String {
        template.line { value($0, result, day) }
    }

    private func value(_ placeholder: FormatTemplate.Placeholder, _ result: FetchResult, _ day: DailyForecast?) -> String? {
        switch placeholder {
        case .id: return result.city.id
        case .city: return language.cityName(result)
        case .prefecture: return language.prefectureName(result)
        default: break
        }
        guard let day else { return nil }
        return switch placeholder {
        case .icon: WeatherCode.of(day).map { WeatherIcon($0).rawValue }
        case .weather: language.telop(day)
        case .maximum: ValueText.number(day.temperature.max.celsius)
        case .minimum: ValueText.number(day.temperature.min.celsius)
        case .rain: ValueText.rainAhead(day)
        case .date: day.date
        case .dayLabel: language.dayLabel(day)
        case .weekday: Weekday(date: day.date)?.name(language)
        // The 3-day forecast has no reliability: the weekly forecast's own.
        case .reliability: nil
        case .id, .city, .prefecture: nil
        }
    }
}
