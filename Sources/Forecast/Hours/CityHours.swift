internal import JapanTime

/// A city's 3-hourly forecast: the periods of the agency's file that have not ended, each with
/// the weather, the temperature at its start, the wind's direction and range, and the chance of
/// rain of the office's 3-day forecast for the 6-hour block that holds its start.
public struct CityHours: Sendable {
    /// One 3-hour period.
    public struct Hour: Sendable {
        /// Its start, seconds since 1970.
        public let start: Int
        /// The agency's word: 晴れ, くもり, 雨, 雨または雪, 雪, or another it may use.
        public let word: String
        /// The temperature at its start, °C; nil where the point has none at that instant.
        public let temperature: Double?
        /// The wind's direction; nil for a word that is not one of the compass's.
        public let windDirection: CompassPoint?
        /// The file's word for the direction (北東).
        public let windWord: String
        /// The first number of the wind's range, m/s ("3 5": 3).
        public let windLeast: Int?
        /// The second number of the wind's range, m/s ("3 5": 5); nil for a range of one number, which has no top.
        public let windMost: Int?
        /// The chance of rain, %; nil where the office's file has no block for it or failed.
        public internal(set) var chanceOfRain: Int?

        /// The weather in `language`: the agency's word, or its English one.
        public func weather(_ language: Language) -> String {
            language == .en ? HoursWeather(rawValue: word)?.english ?? word : word
        }
    }

    /// The office whose forecast file gave the chance of rain: "130000".
    public let office: String
    /// When the agency issued the file, ISO 8601.
    public let publicTime: String
    /// The point whose temperatures these are, in Japanese and (when the file has it) English.
    public let point: (ja: String, en: String?)?
    /// The periods not yet ended, in the file's order.
    public let hours: [Hour]
    /// Why the chance of rain is missing, when the office's file failed: the city fails all the
    /// same.
    var rainProblem: ForecastError?

    /// The periods of `file` still under way or to come at `now`, with the chances of rain of
    /// `rain` (nil when the office's file failed, for `rainProblem`).
    init(_ file: HoursFile, office: String, now: Int, rain: ((Int) -> Int?)?, rainProblem: ForecastError?) throws(ForecastError) {
        // The point's instants with a temperature, searched by time: a dozen pairs, where a dictionary's first use
        // would cost more than all the searches (its type's metadata is made at run time).
        var temperatures: [(time: Int, value: Double)] = []
        if let point = file.pointTimeSeries {
            for (instant, temperature) in zip(point.times, point.temperature) {
                if let time = JST.parseInstant(instant), let value = temperature { temperatures.append((time, value)) }
            }
        }
        let area = file.areaTimeSeries
        var hours: [Hour] = []
        for index in area.times.indices {
            guard let start = JST.parseInstant(area.times[index]) else {
                throw .other("the agency's 3-hourly file has a period at \"\(area.times[index])\", not a time")
            }
            guard start + 3 * 3600 > now else { continue }
            let wind = area.wind[index]
            let range = (wind.range ?? "").split(separator: " ").map { Int($0) }
            hours.append(Hour(
                start: start, word: area.weather[index], temperature: temperatures.first { $0.time == start }?.value,
                windDirection: CompassPoint(japanese: wind.direction), windWord: wind.direction, windLeast: range.first ?? nil,
                windMost: range.count > 1 ? range[1] : nil, chanceOfRain: rain?(start)))
        }
        self.office = office
        publicTime = file.reportDateTime
        point = file.pointTimeSeries.map { ($0.pointNameJP, $0.pointNameEN.flatMap { $0.isEmpty ? nil : $0 }) }
        self.hours = hours
        self.rainProblem = rainProblem
    }
}

/// The words of the agency's 3-hourly forecast, with the weather code and the English words of
/// the tool's other commands.
enum HoursWeather: String, CaseIterable {
    case clear = "晴れ"
    case cloudy = "くもり"
    case rain = "雨"
    case rainOrSnow = "雨または雪"
    case snow = "雪"

    /// As `forecast now` says it in English.
    var english: String {
        switch self {
        case .clear: AutomaticWeather.clear.name(in: .en)
        case .cloudy: AutomaticWeather.cloudy.name(in: .en)
        case .rain: AutomaticWeather.rain.name(in: .en)
        case .rainOrSnow: AutomaticWeather.rain.name(in: .en) + " or " + AutomaticWeather.snow.name(in: .en)
        case .snow: AutomaticWeather.snow.name(in: .en)
        }
    }

    /// The weather code it matches, for the icon and waybar's class: 100, 200, 300, 303 (雨時々雪), 400.
    var code: Int {
        switch self {
        case .clear: 100
        case .cloudy: 200
        case .rain: 300
        case .rainOrSnow: 303
        case .snow: 400
        }
    }
}
