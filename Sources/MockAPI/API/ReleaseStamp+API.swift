internal import JapanTime

/// Writing a ``ReleaseStamp`` into the API's bodies.
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
}
