/// The `--format` template for weeks: the template filled in once per city and day.
///
/// The placeholders mean what they mean in the 3-day template, for a day of the week: `%c`
/// is the icon (or the code itself, when the weather table does not know it), `%C` the phrase
/// (or the code), `%H`/`%L` the maximum and minimum, `%p` the day's chance of rain with `%`,
/// `%d` the date, `%D` and `%w` the weekday, `%r` the reliability (A, B, C). An unknown value
/// prints as `-`. A failed city keeps one line, its ID, name and prefecture from the catalog
/// and `-` for the rest. The whole line passes the untrusted-text gate, the template's own
/// text included: it never carries colour or a control character.
public struct WeeklyTemplateFormatter: ResultFormatter {
    /// The parsed template.
    public var template: FormatTemplate
    /// The language of names, phrases and weekdays.
    public var language: Language
    /// Days per city, 1 to 7.
    public var days: Int

    /// Creates a formatter of `template`, one line per city and day.
    public init(template: FormatTemplate, language: Language = .ja, days: Int = 7) {
        self.template = template
        self.language = language
        self.days = days
    }

    public var prologue: String { "" }
    public var epilogue: String { "" }

    public func block(for result: WeeklyResult, index: Int) -> String {
        guard result.week != nil else { return line(result, nil) }
        var text = ""
        for day in result.days(days) {
            text += line(result, day)
        }
        return text
    }

    private func line(_ result: WeeklyResult, _ day: WeeklyDay?) -> String {
        template.line { value($0, result, day) }
    }

    private func value(_ placeholder: FormatTemplate.Placeholder, _ result: WeeklyResult, _ day: WeeklyDay?) -> String? {
        switch placeholder {
        case .id: return result.city.id
        case .city: return result.cityName(language)
        case .prefecture: return result.prefectureName(language)
        default: break
        }
        guard let day else { return nil }
        return switch placeholder {
        case .icon: day.iconText
        case .weather: day.weatherText(language)
        case .maximum: ValueText.number(day.max.value)
        case .minimum: ValueText.number(day.min.value)
        case .rain: day.rain.map { "\($0)%" }
        case .date: day.date
        case .dayLabel, .weekday: day.weekday.name(language)
        case .reliability: day.reliability
        case .id, .city, .prefecture: nil
        }
    }
}
