import Forecast

/// What the command reads of any city's result, a 3-day ``FetchResult`` or a week's
/// ``WeeklyResult``: the city, how it was had, and whether and why it failed.
protocol CityOutcome: Sendable {
    var city: City { get }
    var info: FetchInfo { get }
    /// Why the city failed, or nil.
    var error: ForecastError? { get }
    /// The failure an older cached copy stands in for, with its age.
    var stale: StaleCopy? { get }
    /// The API's failure when the agency's file stands in for it: not a failure of the city.
    var fallback: ForecastError? { get }
    /// Whether it was read from the weather agency's file.
    var fromAgency: Bool { get }
    /// A `--verbose` line of its own, if it has something more to say.
    var verboseNote: String? { get }
}

extension FetchResult: CityOutcome {
    var fromAgency: Bool { provider == .jma }
    var verboseNote: String? { nil }
}

extension WeeklyResult: CityOutcome {
    /// A week comes from the agency alone: it falls back from nothing.
    var fallback: ForecastError? { nil }
    var fromAgency: Bool { true }

    /// A week without temperatures says which points were looked for.
    var verboseNote: String? {
        guard let week, week.temperaturePoint == nil else { return nil }
        return "forecast: \(city.id) \(city.name): no temperatures: none of its points "
            + "(\(week.pointsLookedFor.joined(separator: ", "))) is in the office's weekly forecast"
    }
}
