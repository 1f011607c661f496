/// The units of the values people and scripts read (`--units`): the agency's and the API's own, °C and m/s (the
/// default), or °F and mph.
///
/// They change temperatures and wind speeds in every format, and the names of their TSV columns and JSON keys, whose
/// unit is part of the name (`min_c` becomes `min_f`, `wind_ms` becomes `wind_mph`): a script that reads a column by
/// its name never gets a number in a unit it did not ask for. Rain (mm), snow (cm), sunshine (h) and pressure (hPa)
/// stay as the agency measures them.
public enum Units: String, Sendable, CaseIterable {
    /// °C and m/s.
    case metric
    /// °F and mph.
    case imperial

    /// What a value measures, where the units change it.
    enum Quantity: Sendable {
        case temperature, speed

        /// The word of a TSV column's or a JSON key's name that says the unit: `c` in `min_c`, `ms` in `wind_max_ms`.
        func word(_ units: Units) -> String {
            switch (self, units) {
            case (.temperature, .metric): "c"
            case (.temperature, .imperial): "f"
            case (.speed, .metric): "ms"
            case (.speed, .imperial): "mph"
            }
        }
    }

    /// The unit of temperatures as a person reads it after a number: "°C", "°F".
    public var degrees: String { self == .metric ? "°C" : "°F" }

    /// The unit of wind speeds as a person reads it after a number: "m/s", "mph".
    public var speed: String { self == .metric ? "m/s" : "mph" }

    /// `value`, in °C or m/s, in these units: exact, not rounded.
    func convert(_ value: Double, _ quantity: Quantity) -> Double {
        guard self == .imperial else { return value }
        return switch quantity {
        case .temperature: value * 1.8 + 32
        // A mile is 1,609.344 metres.
        case .speed: value * 3600 / 1609.344
        }
    }

    /// A forecast's number (a whole °C, a whole m/s) as a person reads it in these units: as it is in metric
    /// ("27"), rounded to a whole number in imperial ("81"); nil for unknown.
    func whole(_ value: Double?, _ quantity: Quantity) -> String? {
        guard let value else { return nil }
        guard self == .imperial else { return NumberText.decimal(value) }
        return String(Int(convert(value, quantity).rounded(.toNearestOrAwayFromZero)))
    }

    /// A measurement with one decimal (the observations'), in these units: "10.8", "51.4"; nil for unknown.
    func tenths(_ value: Double?, _ quantity: Quantity) -> String? {
        value.map { NumberText.tenths(convert($0, quantity)) }
    }

    /// A column's or key's name in these units: its unit word (`c`, `ms`, between underscores) replaced by theirs.
    func name(_ metric: String, _ quantity: Quantity) -> String {
        guard self == .imperial else { return metric }
        var name = ""
        for (index, word) in metric.split(separator: "_", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { name += "_" }
            name += word == quantity.word(.metric) ? quantity.word(self) : String(word)
        }
        return name
    }
}
