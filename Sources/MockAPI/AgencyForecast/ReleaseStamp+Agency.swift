internal import JapanTime

/// Writing a ``ReleaseStamp`` into the agency's forecast files and overviews.
extension ReleaseStamp {
    /// An agency forecast file (`[3-day report, weekly report]`).
    ///
    /// Every date-time of the first report (the 3-day forecast) moves by the days that make its first `timeDefines`
    /// entry fall on the day of the last 3-day release (the clock's date, except from 00:00 to 05:00 JST when the last
    /// release is the previous day's 17:00: the agency's file is still that one). Every date-time of a later report
    /// (the weekly forecast) moves by the days that make its first day the one after the last weekly release, where the
    /// agency's weekly forecast starts: before 11:00 JST today, from then on tomorrow, on whichever day the sample's
    /// week started. Then the first report's `reportDatetime` becomes the last 3-day release and each later report's
    /// the last weekly release.
    func stampingAgencyForecast(_ file: JSONValue) -> JSONValue {
        guard case .array(var reports) = file,
            let first = file[0]["timeSeries"][0]["timeDefines"][0].string.flatMap(JST.parseDay)
                ?? file[0]["reportDatetime"].string.flatMap(JST.parseDay)
        else { return file }
        let weekStart = JST.day(ofInstant: weeklyRelease) + 1
        for index in reports.indices {
            var days = JST.day(ofInstant: forecastRelease) - first
            if index > 0, let start = reports[index]["timeSeries"][0]["timeDefines"][0].string.flatMap(JST.parseDay) {
                days = weekStart - start
            }
            reports[index] = reports[index].mappingStrings { text in
                JST.parseInstant(text) == nil ? text : JST.shiftingDate(of: text, by: days)
            }
            if reports[index]["reportDatetime"].string != nil {
                reports[index]["reportDatetime"] = .string(JST.iso(index == 0 ? forecastRelease : weeklyRelease))
            }
        }
        return .array(reports)
    }

    /// An agency overview (`overview_forecast/{office}.json`): its `reportDatetime` becomes the
    /// last 3-day release. Its text, which names days ("２８日は"), is not changed.
    func stampingAgencyOverview(_ file: JSONValue) -> JSONValue {
        var file = file
        if file["reportDatetime"].string != nil {
            file["reportDatetime"] = .string(JST.iso(forecastRelease))
        }
        return file
    }
}
