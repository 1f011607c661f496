/// The week as every format prints it: a row per day, with the day's weather code, chance of
/// rain, reliability and temperatures with their ranges.
///
/// A row per day in the table too, rather than a column per day: seven days across leave a city's phrase a few cells at
/// 80 columns, while a row per day keeps the phrase, both temperatures, the chance of rain and the reliability, as the
/// agency's weekly page gives them. Icons are left out of the table, as in the 3-day one: terminals disagree on how
/// wide an emoji is. A code the weather table does not know is printed as the code (TSV, line, table, templates) or
/// kept in JSON's `code` with a `null` phrase: seen, never hidden.
extension WeeklyForecast: RowReport {
    func row(_ index: Int) -> WeeklyDay { days[index] }

    /// A row per day of the week.
    public var rowCount: Int { days.count }

    /// The week's fields, line, placeholders and table.
    public static let layout = ReportLayout<WeeklyForecast>(
        fields: [
            field("date") { day, _ in .text(day.date) },
            // 日 … 土 in every language: a key for scripts, as the 3-day forecast's day is.
            field("weekday") { day, _ in .text(day.weekday.name(.ja)) },
            field("code", .json) { day, _ in .text(day.code) },
            field("telop", .json) { day, language in .text(day.telop(language)) },
            field("telop", .tsv) { day, language in .text(day.weatherText(language)) },
            field("min_c", measure: .temperature) { day, _ in .number(day.min.value) },
            field("max_c", measure: .temperature) { day, _ in .number(day.max.value) },
            field("min_c_lower", .json, measure: .temperature) { day, _ in .number(day.min.lower) },
            field("min_c_upper", .json, measure: .temperature) { day, _ in .number(day.min.upper) },
            field("max_c_lower", .json, measure: .temperature) { day, _ in .number(day.max.lower) },
            field("max_c_upper", .json, measure: .temperature) { day, _ in .number(day.max.upper) },
            field("rain") { day, _ in .whole(day.rain) },
            field("reliability") { day, _ in .text(day.reliability) },
        ],
        members: { result, _ in
            guard let week = result.value else { return [] }
            let point = week.temperaturePoint.map { JSONText.object([("code", .string($0.code)), ("name", .string($0.name))]) }
            return [
                ("office", .string(week.office)), ("public_time", .time(week.reportTime)), ("source", .string("jma")),
                ("temperature_point", point ?? .raw("null")),
            ]
        },
        place: { _ in nil },
        published: \.reportTime,
        line: { week, index, style in
            let day = week.days[index]
            let minimum = style.units.whole(day.min.value, .temperature) ?? "-"
            let maximum = style.units.whole(day.max.value, .temperature) ?? "-"
            let rain = day.rain.map { "\($0)%" } ?? "-"
            return "\(day.weekday.name(style.language)) \(day.iconText ?? "-") \(minimum)/\(maximum)\(style.units.degrees) \(rain)"
        },
        placeholder: { placeholder, week, index, style in
            let day = week.days[index]
            let language = style.language
            return switch placeholder {
            case .icon: day.iconText
            case .weather: day.weatherText(language)
            case .maximum: style.units.whole(day.max.value, .temperature)
            case .minimum: style.units.whole(day.min.value, .temperature)
            case .rain: day.rain.map { "\($0)%" }
            case .date: day.date
            case .dayLabel, .weekday: day.weekday.name(language)
            case .reliability: day.reliability
            default: nil
            }
        },
        weatherCode: { week, index in week.days[index].weatherCode },
        table: TableDesign(
            columns: { language in
                let english = language == .en
                let wide = language.columnGap
                return [
                    column(.init("date", width: 5, gap: wide, wraps: false), "日付", "date") { day, _ in
                        (ValueText.field(String(day.date.suffix(5))), .none)
                    },
                    column(.init("weekday", width: english ? 3 : 4, gap: 1, wraps: false), "曜日", "day") { day, style in
                        (day.weekday.name(style.language), day.weekday == .sunday ? .red : .none)
                    },
                    column(
                        .init("weather", width: english ? 11 : 8, upTo: WeatherCode.longestPhrase(language), gap: wide), "天気", "weather"
                    ) { day, style in
                        (ValueText.field(day.weatherText(style.language) ?? "-"), .of(telop: day.weatherCode?.telop))
                    },
                    column(.init("min", width: 4, gap: 1, right: true, wraps: false), "最低", "min") { day, style in
                        (style.units.whole(day.min.value, .temperature) ?? "-", .cyan)
                    },
                    column(.init("max", width: 4, gap: 1, right: true, wraps: false), "最高", "max") { day, style in
                        (style.units.whole(day.max.value, .temperature) ?? "-", .red)
                    },
                    column(.init("rain", width: 4, gap: wide, right: true, wraps: false), "降水", "rain") { day, _ in
                        TableCell.Style.rain(day.rain)
                    },
                    column(.init("reliability", width: english ? 4 : 6, gap: wide, wraps: false), "信頼度", "rel.") { day, _ in
                        (ValueText.field(day.reliability ?? "-"), day.reliability == nil ? .dim : .none)
                    },
                ]
            },
            // The date goes first (the weekday still says which day), then the ID, the
            // reliability, and last the city column: each name moves to a line of its own.
            steps: { _ in [.drop("date"), .drop("id"), .drop("reliability"), .drop("city")] },
            groups: { style in [(["min", "max"], style.units.degrees)] }))
}


extension WeeklyDay {
    /// The day's icon as text: the emoji of its code, or the code itself when the table does
    /// not know it (shown, never hidden); nil when the file has no code.
    var iconText: String? {
        weatherCode.map { WeatherIcon($0).rawValue } ?? code
    }
}

extension WeeklyForecast {
    /// Without temperatures: which of the city's points were looked for in the office's file.
    public func verboseNote(for city: City) -> String? {
        guard temperaturePoint == nil else { return nil }
        return "forecast: \(city.id) \(city.name): no temperatures: none of its points "
            + "(\(pointsLookedFor.joined(separator: ", "))) is in the office's weekly forecast"
    }
}

extension WeeklyForecast {
    /// Stale 6 hours after the weekly release that should have followed it (11:00, 17:00 JST).
    public static func staleSince(_ time: Int) -> Int? {
        Publication.staleSince(time, hours: Publication.weeklyHours)
    }
}
