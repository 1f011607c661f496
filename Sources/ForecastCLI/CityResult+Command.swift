import Forecast

extension CityResult {
    /// Whether it was read from the weather agency's file.
    var fromAgency: Bool { provider == .jma }

    /// A `--verbose` line of its own, if it has something more to say: a week without
    /// temperatures says which points were looked for; warnings of a code the table does not
    /// know say which codes.
    var verboseNote: String? {
        if let week = value as? WeeklyForecast, week.temperaturePoint == nil {
            return "forecast: \(city.id) \(city.name): no temperatures: none of its points "
                + "(\(week.pointsLookedFor.joined(separator: ", "))) is in the office's weekly forecast"
        }
        if let warnings = value as? CityWarnings {
            let unknown = warnings.warnings.filter { $0.kind == nil }.map(\.code)
            guard !unknown.isEmpty else { return nil }
            return "forecast: \(city.id) \(city.name): the warning file \(warnings.office).json has codes the tool does not know "
                + "(\(unknown.joined(separator: ", "))): shown as 不明な警報・注意報, with no level"
        }
        return nil
    }
}
