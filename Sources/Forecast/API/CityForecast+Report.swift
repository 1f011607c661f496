/// The 3-day forecast as every format prints it: a row per day.
extension CityForecast: CityReport {
    public var rows: [DailyForecast] { forecasts }

    public static let layout = ReportLayout<CityForecast>(
        fields: [
            Field("date") { day, _ in .text(day.date) },
            Field("day") { day, language in .text(language.dayLabel(day)) },
            Field("telop") { day, language in .text(language.telop(day)) },
            Field("min_c") { day, _ in .number(day.temperature.min.celsius) },
            Field("max_c") { day, _ in .number(day.temperature.max.celsius) },
            Field("min_f", .json) { day, _ in .number(day.temperature.min.fahrenheit) },
            Field("max_f", .json) { day, _ in .number(day.temperature.max.fahrenheit) },
        ] + ChanceOfRain.names.indices.map { period in
            Field("rain_" + String(ChanceOfRain.names[period].map { $0 == "-" ? "_" : $0 })) { day, _ in
                .whole(day.chanceOfRain.periods[period])
            }
        },
        members: { result, _ in
            guard let forecast = result.value else { return [] }
            return [("district", .string(forecast.location.district)), ("public_time", .string(forecast.publicTime))]
                + (result.provider == .jma ? [("source", .string("jma"))] : [])
        },
        place: { forecast in (forecast.location.city, forecast.location.prefecture) },
        published: \.publicTime,
        line: { day, index, language in
            let minimum = ValueText.number(day.temperature.min.celsius) ?? "-"
            let maximum = ValueText.number(day.temperature.max.celsius) ?? "-"
            let weather = "\(language.telop(day) ?? "-") \(minimum)/\(maximum)° \(day.chanceOfRain.highest.map { "\($0)%" } ?? "-")"
            // The first day follows the city's name; a later one says which day it is.
            return index == 0 ? weather : "\(language.dayLabel(day)) \(weather)"
        },
        placeholder: { placeholder, day, language in
            switch placeholder {
            case .icon: WeatherCode.of(day).map { WeatherIcon($0).rawValue }
            case .weather: language.telop(day)
            case .maximum: ValueText.number(day.temperature.max.celsius)
            case .minimum: ValueText.number(day.temperature.min.celsius)
            case .rain: day.chanceOfRain.highest.map { "\($0)%" }
            case .date: day.date
            case .dayLabel: language.dayLabel(day)
            case .weekday: Weekday(date: day.date)?.name(language)
            // The weekly forecast's own.
            case .reliability, .id, .city, .prefecture: nil
            }
        },
        weatherCode: WeatherCode.of,
        table: TableDesign(
            columns: { language in
                let english = language == .en
                // Japanese spaces its columns by two, English by one.
                let wide = english ? 1 : 2
                return [
                    TableColumn(.init("day", width: english ? 8 : 6, upTo: english ? 9 : nil, gap: wide), "日", "day") { day, style in
                        (ValueText.field(style.language.dayLabel(day)), .none)
                    },
                    TableColumn(.init("date", width: 5, gap: 1, wraps: false), "日付", "date") { day, _ in
                        (ValueText.field(String(day.date.suffix(5))), .none)
                    },
                    TableColumn(
                        .init("weather", width: english ? 11 : 8, upTo: WeatherCode.longestPhrase(language), gap: wide), "天気", "weather"
                    ) { day, style in
                        (ValueText.field(style.language.telop(day) ?? "-"), .of(telop: day.telop))
                    },
                    TableColumn(.init("min", width: 4, gap: 1, right: true, wraps: false), "最低", "min") { day, style in
                        (ValueText.number(style.fahrenheit ? day.temperature.min.fahrenheit : day.temperature.min.celsius) ?? "-", .cyan)
                    },
                    TableColumn(.init("max", width: 4, gap: 1, right: true, wraps: false), "最高", "max") { day, style in
                        (ValueText.number(style.fahrenheit ? day.temperature.max.fahrenheit : day.temperature.max.celsius) ?? "-", .red)
                    },
                ] + ChanceOfRain.names.indices.map { period in
                    let name = ChanceOfRain.names[period]
                    return TableColumn(.init(name, width: 5, gap: period == 0 ? wide : 1, right: true, wraps: false), name, name) { day, _ in
                        TableCell.Style.rain(day.chanceOfRain.periods[period])
                    }
                } + [
                    // The four periods merged: the highest chance still ahead, as the line has it.
                    TableColumn(.init("rain", width: 4, gap: wide, right: true, wraps: false), "降水", "rain", merged: true) { day, _ in
                        TableCell.Style.rain(day.chanceOfRain.highest)
                    },
                ]
            },
            steps: { language in
                let ahead = ColumnLayout<String>.Column("rain", width: 4, gap: language == .en ? 1 : 2, right: true, wraps: false)
                return [.drop("date"), .drop("id"), .merge(ChanceOfRain.names, into: ahead), .drop("day")]
            },
            groups: { style in
                [
                    (["min", "max"], style.fahrenheit ? "°F" : "°C"),
                    (ChanceOfRain.names, style.language == .en ? "chance of rain" : "降水確率"),
                ]
            }))
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
