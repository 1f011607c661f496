/// Writing a ``ReleaseStamp`` into the bodies: the release times replace the sample's, and the
/// dates move by whole days so that the body's first day is the current one. Times of day,
/// values and texts stay the sample's. A member that is missing or of another form is left
/// alone, so a body of an unexpected shape is served as it is.
extension ReleaseStamp {
    /// An API body (`/api/forecast/...`).
    ///
    /// - `publicTime` (and `publicTimeFormatted`) become the last 3-day release;
    /// - `description.publicTime` (and its formatted twin) moves by as much, keeping its lead
    ///   over `publicTime` (the overview is written a few minutes before the release);
    /// - every `forecasts[].date` moves by the days that make the first one the clock's JST date
    ///   (the real API's days are those of its clock); `dateLabel` stays.
    func stampingAPIBody(_ body: JSONValue) -> JSONValue {
        var body = body
        if let published = body["publicTime"].string.flatMap(JST.parseInstant) {
            body["publicTime"] = .string(JST.iso(forecastRelease))
            body["publicTimeFormatted"] = .string(JST.formatted(forecastRelease))
            if let overview = body["description"]["publicTime"].string.flatMap(JST.parseInstant) {
                let moved = overview + (forecastRelease - published)
                body["description"]["publicTime"] = .string(JST.iso(moved))
                body["description"]["publicTimeFormatted"] = .string(JST.formatted(moved))
            }
        }
        if case .array(var forecasts) = body["forecasts"],
            let first = forecasts.first?["date"].string.flatMap(JST.parseDay)
        {
            let days = today - first
            for index in forecasts.indices {
                if let date = forecasts[index]["date"].string {
                    forecasts[index]["date"] = .string(JST.shiftingDate(of: date, by: days))
                }
            }
            body["forecasts"] = .array(forecasts)
        }
        return body
    }

    /// An agency forecast file (`[3-day report, weekly report]`).
    ///
    /// Every date-time in it moves by the days that make the first `timeDefines` entry fall on
    /// the day of the last 3-day release (the clock's date, except from 00:00 to 05:00 JST when
    /// the last release is the previous day's 17:00: the agency's file is still that one). Then
    /// the first report's `reportDatetime` becomes the last 3-day release and each later
    /// report's the last weekly release.
    func stampingAgencyForecast(_ file: JSONValue) -> JSONValue {
        guard let first = file[0]["timeSeries"][0]["timeDefines"][0].string.flatMap(JST.parseDay)
            ?? file[0]["reportDatetime"].string.flatMap(JST.parseDay)
        else { return file }
        let days = JST.day(ofInstant: forecastRelease) - first
        var file = file.mappingStrings { text in
            JST.parseInstant(text) == nil ? text : JST.shiftingDate(of: text, by: days)
        }
        for index in (file.array ?? []).indices where file[index]["reportDatetime"].string != nil {
            let release = index == 0 ? forecastRelease : weeklyRelease
            file[index]["reportDatetime"] = .string(JST.iso(release))
        }
        return file
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
