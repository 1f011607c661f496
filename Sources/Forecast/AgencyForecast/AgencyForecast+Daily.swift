internal import JapanTime
extension AgencyForecast {
    /// A city's 3-day forecast built from the file as the API builds its answer, for when the
    /// API cannot be reached: the same ``CityForecast``, field by field.
    ///
    /// Days are today, tomorrow and the day after in Japan time at `now`. For each, every value is found by its time in
    /// `timeDefines`: the weather (its code's phrase, and the weather, wind and wave lines as the file writes them) by
    /// date; the minimum at 00:00 and the maximum at 09:00 of the first of the city's points the file has; each chance
    /// of rain by the start of its 6-hour block. Today's minimum is dropped when it is not below today's maximum (the
    /// file repeats the maximum there). A day whose 3-day part lacks the weather, both temperatures, or all four
    /// chances of rain takes them from the weekly forecast for that date. Unlike the API, which then falls back to the
    /// office's first weekly point, a value is never taken from another area or station: it stays unknown. The city's
    /// name is the catalog's; `description` is the overview, if given.
    ///
    /// - Throws: ``ForecastError/notInAgencyFile(office:problem:)`` when the 3-day forecast has no area of the city's
    ///   ID, the file has nothing for today, or the city is not in this office's file.
    public func forecast(for city: City, now: Int, overview: AgencyOverview? = nil) throws(ForecastError) -> CityForecast {
        let area = try self.area(of: city)
        guard let areaIndex = daily.weather.index(of: area.city) else {
            throw .notInAgencyFile(office: office, problem: "has no 3-day forecast for \(area.city) \(area.name)")
        }
        let sources: DaySources = (
            area: areaIndex, rainArea: daily.rain.index(of: area.city),
            point: firstPoint(of: area, in: daily.temperatures),
            weeklyArea: weeklyArea(of: area), weeklyPoint: weeklyPoint(of: area))
        let today = AgencyTime(epoch: now).day
        guard daily.weather.index(onDay: today) != nil || weekly.weather.index(onDay: today) != nil else {
            throw .notInAgencyFile(office: office, problem: outdated(reportTime, today: today))
        }
        let forecasts = ["今日", "明日", "明後日"].enumerated().map { offset, label in
            day(today + offset, label: label, isToday: offset == 0, sources)
        }
        let empty = ForecastDescription(publicTime: "", publicTimeFormatted: "", headlineText: "", bodyText: "", text: "")
        return CityForecast(
            publicTime: reportTime, publicTimeFormatted: AgencyTime.formatted(reportTime),
            publishingOffice: publishingOffice, title: "\(city.prefecture) \(city.name) の天気", link: area.link,
            description: overview?.description ?? empty, forecasts: forecasts,
            location: Location(area: city.area, prefecture: city.prefecture, district: city.district, city: city.name),
            copyright: Self.copyright)
    }

    /// Where a city's values are: indices into the series, nil where the file has none.
    private typealias DaySources = (area: Int, rainArea: Int?, point: Int?, weeklyArea: Int?, weeklyPoint: Int?)

    private func day(_ day: Int, label: String, isToday: Bool, _ sources: DaySources) -> DailyForecast {
        let weather = daily.weather, temperatures = daily.temperatures
        let index = weather.index(onDay: day)
        let weeklyIndex = weekly.weather.index(onDay: day)
        var code = weather.text(.weatherCodes, area: sources.area, at: index)
        if code == nil, let area = sources.weeklyArea {
            code = weekly.weather.text(.weatherCodes, area: area, at: weeklyIndex)
        }
        let detail = WeatherDetail(
            weather: weather.text(.weathers, area: sources.area, at: index),
            wind: weather.text(.winds, area: sources.area, at: index),
            wave: weather.text(.waves, area: sources.area, at: index))

        func temperature(hour: Int) -> Double? {
            guard let point = sources.point else { return nil }
            return temperatures.number(.temps, area: point, at: temperatures.index(at: AgencyTime(day: day, hour: hour)))
        }
        var minimum = temperature(hour: 0), maximum = temperature(hour: 9)
        if isToday, let low = minimum, let high = maximum, low >= high {
            minimum = nil
        }
        if minimum == nil, maximum == nil, let point = sources.weeklyPoint {
            let weeklyDay = weekly.temperatures.index(onDay: day)
            minimum = weekly.temperatures.number(.tempsMin, area: point, at: weeklyDay)
            maximum = weekly.temperatures.number(.tempsMax, area: point, at: weeklyDay)
        }

        var periods: [Int?] = [0, 6, 12, 18].map { hour in
            guard let area = sources.rainArea else { return nil }
            let index = daily.rain.index(at: AgencyTime(day: day, hour: hour))
            return daily.rain.number(.pops, area: area, at: index).map { Int($0) }
        }
        if periods.allSatisfy({ $0 == nil }), let area = sources.weeklyArea,
           let chance = weekly.weather.number(.pops, area: area, at: weeklyIndex) {
            periods = Array(repeating: Int(chance), count: 4)
        }

        let entry = code.flatMap { Int($0) }.flatMap(WeatherCode.lookup)
        let telop = entry?.telop ?? code
        let icon = entry.map { "https://www.jma.go.jp/bosai/forecast/img/\($0.icon).svg" }
        return DailyForecast(
            date: JST.date(ofDay: day), dateLabel: label, telop: telop, detail: detail,
            temperature: TemperatureRange(min: Self.temperature(minimum), max: Self.temperature(maximum)),
            chanceOfRain: ChanceOfRain(t00_06: periods[0], t06_12: periods[1], t12_18: periods[2], t18_24: periods[3]),
            image: WeatherImage(title: telop, url: icon, width: 80, height: 60))
    }

    /// A temperature in both scales: °F = °C × 1.8 + 32, rounded as the API's PHP prints it
    /// ("57.2", not "57.20000000000001").
    private static func temperature(_ celsius: Double?) -> Temperature {
        Temperature(celsius: celsius, fahrenheit: celsius.map { ((($0 * 1.8) + 32) * 1e6).rounded() / 1e6 })
    }

    /// The credits of a forecast built from the agency's file: the agency, and what was done
    /// to its data (the Government of Japan's standard terms ask for both).
    static let copyright = Copyright(
        title: "出典: 気象庁 (Japan Meteorological Agency)", link: "https://www.jma.go.jp/",
        image: Copyright.Image(title: "気象庁", link: "https://www.jma.go.jp/", url: "", width: 0, height: 0),
        provider: [
            Copyright.Provider(
                link: "https://www.jma.go.jp/jma/", name: "気象庁 Japan Meteorological Agency",
                note: "気象庁 HP にて配信されている天気予報を、天気予報 API と同じ形に編集しています。"),
        ])
}
