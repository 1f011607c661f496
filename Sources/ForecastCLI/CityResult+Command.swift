import Forecast

extension CityResult where Value: CityReport {
    /// A `--verbose` line of its own, if its value has something more to say.
    var verboseNote: String? {
        value?.verboseNote(for: city)
    }
}
