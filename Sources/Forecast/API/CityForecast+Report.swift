/// The 3-day forecast as every format prints it: a row per day.
extension CityForecast: RowReport {
    func row(_ index: Int) -> DailyForecast { forecasts[index] }

    /// A row per day: today, tomorrow and the day after.
    public var rowCount: Int { forecasts.count }

    /// The 3-day forecast's fields, line, placeholders and table.
    public static let layout = ReportLayout<CityForecast>(
        fields: [
            field("date") { day, _ in .text(day.date) },
            // The API's 今日, 明日, 明後日 in every language: a key for scripts, as the date is (`$5=="今日"`).
            field("day") { day, _ in .text(day.dateLabel) },
            field("weekday", .json) { day, _ in .text(Weekday(date: day.date)?.name(.ja)) },
            field("code", .json) { day, _ in .text(WeatherCode.of(day).map { String($0.code) }) },
            field("telop") { day, language in .text(language.telop(day)) },
            field("min_c", measure: .temperature) { day, _ in .number(day.temperature.min.celsius) },
            field("max_c", measure: .temperature) { day, _ in .number(day.temperature.max.celsius) },
            // The API's own °F beside the °C; under imperial units `min_c` is `min_f` already.
            field("min_f", .json, only: .metric) { day, _ in .number(day.temperature.min.fahrenheit) },
            field("max_f", .json, only: .metric) { day, _ in .number(day.temperature.max.fahrenheit) },
            field("rain_00_06") { day, _ in .whole(day.chanceOfRain.t00_06) },
            field("rain_06_12") { day, _ in .whole(day.chanceOfRain.t06_12) },
            field("rain_12_18") { day, _ in .whole(day.chanceOfRain.t12_18) },
            field("rain_18_24") { day, _ in .whole(day.chanceOfRain.t18_24) },
        ],
        members: { result, _ in
            guard let forecast = result.value else { return [] }
            return [
                ("district", .string(forecast.location.district)), ("public_time", .time(forecast.publicTime)),
                ("source", .string(result.provider == .jma ? "jma" : "api")),
            ]
        },
        place: { forecast in (forecast.location.city, forecast.location.prefecture) },
        published: \.publicTime,
        line: { forecast, index, style in
            let day = forecast.forecasts[index]
            let language = style.language
            let minimum = style.units.whole(day.temperature.min.celsius, .temperature) ?? "-"
            let maximum = style.units.whole(day.temperature.max.celsius, .temperature) ?? "-"
            let rain = day.chanceOfRain.highest.map { "\($0)%" } ?? "-"
            let weather = "\(language.telop(day) ?? "-") \(minimum)/\(maximum)\(style.units.degrees) \(rain)"
            // The first day follows the city's name; a later one says which day it is.
            return index == 0 ? weather : "\(language.dayLabel(day)) \(weather)"
        },
        placeholder: { placeholder, forecast, index, style in
            let day = forecast.forecasts[index]
            return switch placeholder {
            case .icon: WeatherCode.of(day).map { WeatherIcon($0).rawValue }
            case .weather: style.language.telop(day)
            case .maximum: style.units.whole(day.temperature.max.celsius, .temperature)
            case .minimum: style.units.whole(day.temperature.min.celsius, .temperature)
            case .rain: day.chanceOfRain.highest.map { "\($0)%" }
            case .date: day.date
            case .dayLabel: style.language.dayLabel(day)
            case .weekday: Weekday(date: day.date)?.name(style.language)
            default: nil
            }
        },
        weatherCode: { forecast, index in WeatherCode.of(forecast.forecasts[index]) },
        table: TableDesign(
            columns: { language in
                let english = language == .en
                let wide = language.columnGap
                return [
                    column(.init("day", width: english ? 8 : 6, upTo: english ? 9 : nil, gap: wide), "日", "day") { day, style in
                        (ValueText.field(style.language.dayLabel(day)), .none)
                    },
                    column(.init("date", width: 5, gap: 1, wraps: false), "日付", "date") { day, _ in
                        (ValueText.field(String(day.date.suffix(5))), .none)
                    },
                    column(
                        .init("weather", width: english ? 11 : 8, upTo: WeatherCode.longestPhrase(language), gap: wide), "天気", "weather"
                    ) { day, style in
                        (ValueText.field(style.language.telop(day) ?? "-"), .of(telop: day.telop))
                    },
                    column(.init("min", width: 4, gap: 1, right: true, wraps: false), "最低", "min") { day, style in
                        (style.units.whole(day.temperature.min.celsius, .temperature) ?? "-", .cyan)
                    },
                    column(.init("max", width: 4, gap: 1, right: true, wraps: false), "最高", "max") { day, style in
                        (style.units.whole(day.temperature.max.celsius, .temperature) ?? "-", .red)
                    },
                ] + ChanceOfRain.names.indices.map { period in
                    let name = ChanceOfRain.names[period]
                    return column(.init(name, width: 5, gap: period == 0 ? wide : 1, right: true, wraps: false), name, name) { day, _ in
                        TableCell.Style.rain(day.chanceOfRain.periods[period])
                    }
                } + [
                    // The four periods merged: the highest chance still ahead, as the line has it.
                    column(.init("rain", width: 4, gap: wide, right: true, wraps: false), "降水", "rain", merged: true) { day, _ in
                        TableCell.Style.rain(day.chanceOfRain.highest)
                    },
                ]
            },
            steps: { language in
                let ahead = ColumnLayout<String>.Column("rain", width: 4, gap: language.columnGap, right: true, wraps: false)
                return [.drop("date"), .drop("id"), .merge(ChanceOfRain.names, into: ahead), .drop("day")]
            },
            groups: { style in
                [
                    (["min", "max"], style.units.degrees),
                    (ChanceOfRain.names, style.language == .en ? "chance of rain" : "降水確率"),
                ]
            }),
        agencyStandsIn: true)
}


extension ChanceOfRain {
    /// The periods' names, in order, as the table's header gives them.
    static let names = ["00-06", "06-12", "12-18", "18-24"]

    /// The highest chance among the periods still ahead (the API has no number for a past
    /// one); nil when every period is past or unknown.
    var highest: Int? {
        periods.compactMap { $0 }.max()
    }
}

extension CityForecast {
    /// Stale 6 hours after the release that should have followed it (05:00, 11:00, 17:00 JST), whoever made it.
    public static func staleSince(_ time: Int) -> Int? {
        Publication.staleSince(time)
    }
}
