import Forecast

extension CityResult {
    /// Whether it was read from the weather agency's file.
    var fromAgency: Bool { provider == .jma }

    /// A `--verbose` line of its own, if it has something more to say: a week without
    /// temperatures says which points were looked for.
    var verboseNote: String? {
        guard let week = value as? WeeklyForecast, week.temperaturePoint == nil else { return nil }
        return "forecast: \(city.id) \(city.name): no temperatures: none of its points "
            + "(\(week.pointsLookedFor.joined(separator: ", "))) is in the office's weekly forecast"
    }
}
