internal import JapanTime

/// The 3-hourly forecast as every format prints it: a row per period.
///
/// TSV's `time` is the period's start as `now` writes its `observed` (`2026-10-04T06:00+09:00`),
/// JSON's as every JSON writes a time (`2026-10-04T06:00:00+09:00`); the wind's direction is
/// a compass code (`NNE`) in every language, its range two numbers of m/s. The table labels
/// the first period of each day with its date.
extension CityHours: RowReport {
    /// A row per period.
    public var rowCount: Int { hours.count }

    func row(_ index: Int) -> Hour { hours[index] }

    /// The 3-hourly forecast's fields, line, placeholders and table.
    public static let layout = ReportLayout<CityHours>(
        fields: [
            field("time") { hour, _ in .time(Self.minute(hour.start)) },
            field("weather", json: "telop") { hour, language in .text(hour.weather(language)) },
            field("temp_c", measure: .temperature) { hour, _ in .number(hour.temperature) },
            field("wind_dir") { hour, _ in .text(hour.windDirection?.code) },
            field("wind_min_ms", measure: .speed) { hour, _ in .whole(hour.windLeast) },
            field("wind_max_ms", measure: .speed) { hour, _ in .whole(hour.windMost) },
            field("pop", json: "rain") { hour, _ in .whole(hour.chanceOfRain) },
        ],
        members: { result, language in
            guard let hours = result.value else { return [] }
            // The week's `temperature_point`, whose code the 3-hourly file does not give.
            let point = hours.point.map { point in
                JSONText.object([("code", .raw("null")), ("name", .string(language == .en ? point.en ?? point.ja : point.ja))])
            }
            return [
                ("office", .string(hours.office)), ("public_time", .time(hours.publicTime)), ("source", .string("jma")),
                ("temperature_point", point ?? .raw("null")),
            ]
        },
        place: { _ in nil },
        published: \.publicTime,
        line: { hours, row, style in
            let hour = hours.hours[row]
            let temperature = style.units.whole(hour.temperature, .temperature).map { $0 + style.units.degrees } ?? "-"
            let rain = hour.chanceOfRain.map { "\($0)%" } ?? "-"
            return "\(Self.clock(hour.start, style.language)) \(hour.icon ?? hour.word) \(temperature) \(rain)"
        },
        placeholder: { placeholder, hours, row, style in
            let hour = hours.hours[row]
            return switch placeholder {
            case .periodTime: Self.clock(hour.start, .en)
            case .icon: hour.icon ?? hour.word
            case .weather: hour.weather(style.language)
            case .temperatureNow: style.units.whole(hour.temperature, .temperature)
            case .rain: hour.chanceOfRain.map { "\($0)%" }
            case .wind: hour.windText(style)
            case .date: JST.date(ofDay: JST.day(ofInstant: hour.start))
            case .weekday: Weekday(day: JST.day(ofInstant: hour.start)).name(style.language)
            default: nil
            }
        },
        weatherCode: { hours, row in hours.hours[row].weatherCode },
        table: TableDesign(
            columns: { language in
                let english = language == .en
                let wide = language.columnGap
                return [
                    TableColumn(.init("date", width: english ? 9 : 8, gap: wide, wraps: false), "日付", "date") { hours, row, style in
                        let day = JST.day(ofInstant: hours.hours[row].start)
                        guard row == 0 || JST.day(ofInstant: hours.hours[row - 1].start) != day else { return ("", .none) }
                        let weekday = Weekday(day: day)
                        return (String(JST.date(ofDay: day).suffix(5)) + " " + weekday.name(style.language), weekday == .sunday ? .red : .none)
                    },
                    column(.init("time", width: 5, gap: wide, wraps: false), "時刻", "time") { hour, _ in
                        (Self.clock(hour.start, .en), .none)
                    },
                    column(.init("weather", width: english ? 7 : 6, upTo: english ? 12 : 10, gap: wide), "天気", "weather") { hour, style in
                        (ValueText.field(hour.weather(style.language)), .of(telop: hour.word))
                    },
                    column(.init("temp", width: 4, gap: wide, right: true, wraps: false), "気温", "temp") { hour, style in
                        (style.units.whole(hour.temperature, .temperature) ?? "-", hour.temperature == nil ? .dim : .none)
                    },
                    column(.init("wind", width: english ? 9 : 12, gap: wide, wraps: false), "風", "wind") { hour, style in
                        (hour.windText(style, unit: false) ?? "-", .none)
                    },
                    column(.init("rain", width: 4, gap: wide, right: true, wraps: false), "降水", "rain") { hour, _ in
                        TableCell.Style.rain(hour.chanceOfRain)
                    },
                ]
            },
            // The ID goes first, then the wind, and last the city column: each name moves to a
            // line of its own.
            steps: { _ in [.drop("id"), .drop("wind"), .drop("city")] },
            groups: { style in [(["temp"], style.units.degrees), (["wind"], style.units.speed)] }),
        rowsKey: "hours")

    /// "2026-10-04T06:00+09:00": a period's start as TSV prints it.
    static func minute(_ start: Int) -> String {
        let iso = JST.iso(start)
        return String(iso.prefix(16)) + String(iso.suffix(6))
    }

    /// "18:00", or "18時" on the Japanese line.
    static func clock(_ start: Int, _ language: Language) -> String {
        let second = JST.second(ofInstant: start)
        return language == .ja ? "\(second / 3600)時" : JST.padded(second / 3600, 2) + ":" + JST.padded(second / 60 % 60, 2)
    }

    /// The weather words and wind directions the tool does not know, for `-v`: printed as the file has them (a
    /// direction, empty); nil when it knows them all.
    public func verboseNote(for city: City) -> String? {
        let words = hours.map(\.word).filter { HoursWeather(rawValue: $0) == nil }
        let directions = hours.filter { $0.windDirection == nil }.map(\.windWord)
        guard !words.isEmpty || !directions.isEmpty else { return nil }
        let named = [
            words.isEmpty ? nil : "weather words " + Self.listed(words),
            directions.isEmpty ? nil : "wind directions " + Self.listed(directions),
        ].compactMap { $0 }
        return "forecast: \(city.id) \(city.name): the 3-hourly file has \(named.joined(separator: " and ")) the tool does not know"
    }

    /// Each text once, in order, quoted: "雷雨", "霧".
    private static func listed(_ texts: [String]) -> String {
        var seen: Set<String> = []
        return texts.filter { seen.insert($0).inserted }.map { "\"\(ValueText.field($0))\"" }.joined(separator: ", ")
    }

    /// The office's file failed (the rows print without the chance of rain), or every period of the file has ended
    /// (an old file: nothing to print): the city fails.
    public var problem: ForecastError? {
        guard hours.isEmpty else { return rainProblem }
        return .other("every period of the agency's 3-hourly file issued \(ValueText.publicationTime(publicTime)) has ended")
    }
}

extension CityHours.Hour {
    /// The emoji of its weather; nil for a word the tool does not know.
    var icon: String? {
        weatherCode.map { WeatherIcon($0).rawValue }
    }

    /// The weather code its word matches, for the icon and waybar's class; nil for a word the tool does not know.
    var weatherCode: WeatherCode? {
        HoursWeather(rawValue: word).flatMap { WeatherCode.lookup($0.code) }
    }

    /// "北 3-5m/s", "N 3-5m/s" or "N 7-11mph"; nil with neither a direction nor a range.
    func windText(_ style: TextStyle, unit: Bool = true) -> String? {
        let speed = { (value: Int) in style.units.whole(Double(value), .speed) ?? "" }
        let range = windLeast.map { least in
            (windMost.map { "\(speed(least))-\(speed($0))" } ?? "\(speed(least))+") + (unit ? style.units.speed : "")
        }
        let pieces = [windDirection?.name(in: style.language), range].compactMap { $0 }
        return pieces.isEmpty ? nil : pieces.joined(separator: " ")
    }
}

extension CityHours {
    /// Stale 6 hours after the release that should have followed it (05:00, 11:00, 17:00 JST).
    public static func staleSince(_ time: Int) -> Int? {
        Publication.staleSince(time)
    }
}
