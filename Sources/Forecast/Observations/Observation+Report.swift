/// The observations as every format prints them: one row a city, the station's values.
///
/// TSV prints every measurement with one decimal (`12.0`, `0.0`), the humidity and the snow's
/// depth as whole numbers, and the wind's direction as a compass code (`SSE`, `calm`) in every
/// language; JSON puts the fields in the city's object itself, with the station's code and name
/// and the names of the incomplete values. What a station did not measure is empty (`null`).
extension Observation: RowReport {
    func row(_ index: Int) -> Observation { self }

    /// One row.
    public var rowCount: Int { 1 }

    /// The observations' fields, line, placeholders and table.
    public static let layout = ReportLayout<Observation>(
        fields: [
            field("station", .tsv) { now, _ in .text(now.station.code) },
            field("observed") { now, _ in .time(now.observed) },
            field(.temperature, measure: .temperature) { now, _ in .tenths(now.temperature) },
            field(.humidity) { now, _ in .whole(now.humidity) },
            field(.windDirection) { now, _ in .text(now.windDirection?.code) },
            field(.windSpeed, measure: .speed) { now, _ in .tenths(now.windSpeed) },
            field(.precipitation10m) { now, _ in .tenths(now.precipitation10m) },
            field(.precipitation1h) { now, _ in .tenths(now.precipitation1h) },
            field(.precipitation24h) { now, _ in .tenths(now.precipitation24h) },
            field(.sunshine1h) { now, _ in .tenths(now.sunshine1h) },
            field(.snowDepth) { now, _ in .whole(now.snowDepth) },
            field(.seaLevelPressure) { now, _ in .tenths(now.seaLevelPressure) },
            field(.weather) { now, language in .text(now.weather?.name(in: language)) },
            field("incomplete", .json) { now, _ in .texts(now.incomplete.map(\.rawValue)) },
        ],
        members: { result, language in
            guard let now = result.value else { return [] }
            let station = JSONText.object([("code", .string(now.station.code)), ("name", .string(now.station.name(in: language)))])
            return [("station", station), ("source", .string("jma"))]
        },
        place: { _ in nil },
        published: { now in String(now.observed.prefix(16)) + ":00" + String(now.observed.suffix(6)) },
        line: { now, _, style in
            let pieces = [
                style.units.tenths(now.temperature, .temperature).map { $0 + style.units.degrees },
                now.humidity.map { "\($0)%" },
                now.windText(style),
            ].compactMap { $0 }
            return pieces.isEmpty ? "-" : pieces.joined(separator: " ")
        },
        placeholder: { placeholder, now, _, style in
            switch placeholder {
            case .temperatureNow: style.units.tenths(now.temperature, .temperature)
            case .humidity: now.humidity.map { "\($0)%" }
            case .wind: now.windText(style)
            case .rainLastHour: now.precipitation1h.map(NumberText.tenths)
            case .weather: now.weather?.name(in: style.language)
            case .date: String(now.observed.prefix(10))
            default: nil
            }
        },
        table: TableDesign(
            columns: { language in
                let english = language == .en
                let wide = language.columnGap
                return [
                    // As wide as the longest name in Japanese (与那国島, 8 cells), which never
                    // wraps; in English the longest word (Yonagunijima), up to the longest name.
                    column(.init("station", width: english ? 12 : 8, upTo: english ? 19 : nil, gap: wide, wraps: english), "観測所", "station") { now, style in
                        (ValueText.field(now.station.name(in: style.language)), .none)
                    },
                    column(.init("temp", width: 5, gap: wide, right: true, wraps: false), "気温", "temp") { now, style in
                        (style.units.tenths(now.temperature, .temperature) ?? "-", now.temperature == nil ? .dim : .none)
                    },
                    column(.init("humidity", width: 4, gap: wide, right: true, wraps: false), "湿度", "hum.") { now, _ in
                        (now.humidity.map { "\($0)%" } ?? "-", now.humidity == nil ? .dim : .none)
                    },
                    column(.init("wind", width: english ? 8 : 11, gap: wide, wraps: false), "風", "wind") { now, style in
                        (now.windText(style, unit: false) ?? "-", now.windSpeed == nil ? .dim : .none)
                    },
                    column(.init("precip", width: english ? 7 : 6, gap: wide, right: true, wraps: false), "降水1h", "rain 1h") { now, _ in
                        (now.precipitation1h.map(NumberText.tenths) ?? "-", (now.precipitation1h ?? 0) > 0 ? .cyan : .dim)
                    },
                    column(.init("sun", width: 4, gap: wide, right: true, wraps: false), "日照", "sun") { now, _ in
                        (now.sunshine1h.map(NumberText.tenths) ?? "-", now.sunshine1h == nil ? .dim : .none)
                    },
                    column(.init("snow", width: 4, gap: wide, right: true, wraps: false), "積雪", "snow") { now, _ in
                        (now.snowDepth.map(String.init) ?? "-", now.snowDepth == nil ? .dim : .none)
                    },
                    column(.init("pressure", width: 6, gap: wide, right: true, wraps: false), "気圧", "hPa") { now, _ in
                        (now.seaLevelPressure.map(NumberText.tenths) ?? "-", now.seaLevelPressure == nil ? .dim : .none)
                    },
                    column(.init("weather", width: english ? 7 : 4, upTo: english ? 16 : 12, gap: wide), "天気", "weather") { now, style in
                        (ValueText.field(now.weather?.name(in: style.language) ?? "-"), now.weather == nil ? .dim : .none)
                    },
                ]
            },
            // The values a station rarely has go first, then the ID, the station's name, and
            // last the city column: each name moves to a line of its own.
            steps: { _ in [.drop("pressure"), .drop("id"), .drop("snow"), .drop("sun"), .drop("weather"), .drop("station"), .drop("city")] },
            groups: { style in [(["temp"], style.units.degrees), (["wind"], style.units.speed), (["precip"], "mm")] }),
        rowsKey: nil,
        timeLead: ("観測", "Observed"))
}

/// A field of the observations, named as TSV and JSON name it (in metric units: `temp_c`, `wind_ms`).
private func field(
    _ name: Observation.Field, measure quantity: Units.Quantity? = nil, _ value: @escaping @Sendable (Observation, Language) -> FieldValue
) -> Field<Observation> {
    field(name.rawValue, .both, measure: quantity, value)
}

extension Observation {
    /// The wind as a person reads it, "南南東 3.8m/s", "SSE 3.8m/s" or "SSE 8.5mph" (without the unit for a table,
    /// whose header says it); nil when the station measured neither part.
    func windText(_ style: TextStyle, unit: Bool = true) -> String? {
        let speed = style.units.tenths(windSpeed, .speed).map { $0 + (unit ? style.units.speed : "") }
        let pieces = [windDirection?.name(in: style.language), speed].compactMap { $0 }
        return pieces.isEmpty ? nil : pieces.joined(separator: " ")
    }
}

extension Observation {
    /// Stale over 3 hours after it was observed (``outdatedAfter``), as ``outdated`` says.
    public static func staleSince(_ time: Int) -> Int? {
        time + outdatedAfter
    }

    /// Over 3 hours old: printed, and the city fails all the same.
    public var problem: ForecastError? {
        guard outdated else { return nil }
        let time = AmedasTime(observed: observed)?.minute ?? observed
        return .other("the agency's newest observations are from \(time), over 3 hours ago; printed, marked stale")
    }
}
