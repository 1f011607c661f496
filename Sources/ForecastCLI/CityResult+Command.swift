import Forecast

extension CityResult {
    /// Whether it was read from the weather agency's file.
    var fromAgency: Bool { provider == .jma }
}

extension CityResult where Value: CityReport {
    /// A `--verbose` line of its own, if its value has something more to say.
    var verboseNote: String? {
        value?.verboseNote(for: city)
    }
}
