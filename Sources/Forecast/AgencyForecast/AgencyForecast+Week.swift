internal import JapanTime
extension AgencyForecast {
    /// The weekly area whose weather a city's week carries: the first of the city's own area,
    /// its office's area (愛媛県 380000 for its three cities), and the area paired with its
    /// point (the 2021 Tokyo files pair 伊豆諸島 130100 with 八丈島 44263); nil when none is there.
    ///
    /// The third rule reads the weekly forecast as the agency lays it out, one weekly area per
    /// temperature point in the same order, so it applies only when the two series have as
    /// many entries; a city none of the rules finds has no week, rather than another area's.
    func weeklyArea(of area: AgencyArea) -> Int? {
        let weather = weekly.weather
        if let index = weather.index(of: area.city) ?? weather.index(of: area.office) { return index }
        guard let point = weeklyPoint(of: area), weather.areas.count == weekly.temperatures.areas.count else { return nil }
        return point
    }

    func weeklyPoint(of area: AgencyArea) -> Int? {
        firstPoint(of: area, in: weekly.temperatures)
    }

    /// The index in `series` of the first of the city's points (in order of preference) it has.
    func firstPoint(of area: AgencyArea, in series: AgencySeries) -> Int? {
        area.points.lazy.compactMap { series.index(of: $0) }.first
    }

    /// The city's week: its weekly area's weather, chance of rain and reliability, and its
    /// point's temperatures, for each day of the weekly forecast from today on.
    ///
    /// - Parameters:
    ///   - city: a catalog city of this file's office.
    ///   - now: the current time in seconds since 1970; its date in Japan is "today".
    /// - Throws: ``ForecastError/notInAgencyFile(office:problem:)`` when the file has no weekly
    ///   area for the city, no day from today on, or the city is not in this office's file.
    public func week(for city: City, now: Int) throws(ForecastError) -> WeeklyForecast {
        let area = try self.area(of: city)
        guard let areaIndex = weeklyArea(of: area) else {
            throw .notInAgencyFile(office: office, problem: noWeeklyArea(area))
        }
        let weather = weekly.weather, temperatures = weekly.temperatures
        let point = weeklyPoint(of: area)
        let today = AgencyTime(epoch: now).day
        guard let last = weather.times.last?.day, last >= today else {
            throw .notInAgencyFile(office: office, problem: outdated(weeklyReportTime, today: today))
        }
        var days: [WeeklyDay] = []
        days.reserveCapacity(weather.times.count)
        for (index, time) in weather.times.enumerated() where time.day >= today {
            let temperature = point.flatMap { _ in temperatures.index(onDay: time.day) }
            func value(_ field: AgencySeries.Field) -> Double? {
                point.flatMap { temperatures.number(field, area: $0, at: temperature) }
            }
            days.append(WeeklyDay(
                date: JST.date(ofDay: time.day), weekday: Weekday(day: time.day),
                code: weather.text(.weatherCodes, area: areaIndex, at: index),
                rain: weather.number(.pops, area: areaIndex, at: index).map { Int($0) },
                reliability: weather.text(.reliabilities, area: areaIndex, at: index),
                min: WeeklyTemperature(value: value(.tempsMin), lower: value(.tempsMinLower), upper: value(.tempsMinUpper)),
                max: WeeklyTemperature(value: value(.tempsMax), lower: value(.tempsMaxLower), upper: value(.tempsMaxUpper))))
        }
        return WeeklyForecast(
            office: office, publishingOffice: weeklyPublishingOffice, reportTime: weeklyReportTime,
            area: weather.areas[areaIndex].place, temperaturePoint: point.map { temperatures.areas[$0].place },
            pointsLookedFor: area.points, days: days)
    }

    /// Why an old file (a mirror that stopped, `forecast-mock` without `--stamp-release`) gives
    /// nothing: without this it would be a week of no days, or three days of unknowns.
    func outdated(_ report: String, today: Int) -> String {
        let time = "\(report.prefix(10)) \(report.dropFirst(11).prefix(5)) JST"
        return "has nothing from \(JST.date(ofDay: today)) on: it is the forecast of \(time)"
    }

    /// Why a city has no weekly area, naming what was looked for and what the file has.
    private func noWeeklyArea(_ area: AgencyArea) -> String {
        let codes = area.city == area.office ? area.city : "\(area.city) or \(area.office)"
        let areas = weekly.weather.areas.map(\.place.label).joined(separator: ", ")
        let pointSentence = weeklyPoint(of: area) == nil
            ? "none of its points (\(area.points.joined(separator: ", "))) has weekly temperatures"
            : "its weekly areas and points do not pair up"
        return "has no weekly forecast for \(area.city) \(area.name): no weekly area is \(codes) (it has \(areas)), "
            + "and \(pointSentence)"
    }
}
