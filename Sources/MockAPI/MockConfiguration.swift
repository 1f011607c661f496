/// The knobs of a ``MockServer``: latency, faults, and where the response bodies come from.
///
/// Change it while the server runs through ``MockServer/configuration``; later requests see the
/// new values. ``fixturesDirectory`` is read once, when the server starts.
public struct MockConfiguration: Sendable {
    /// Added before answering every API request (default `.zero`). Waiting is scheduled on the
    /// event loop; no thread sleeps.
    public var latency: Duration
    /// Overrides ``latency`` for a city ID as it appears in the request.
    public var latencyByCity: [String: Duration]
    /// Faults for a city ID as it appears in the request (it need not be a catalog ID).
    public var faultsByCity: [String: FaultRule]
    /// A fault applied to any API request with probability ``FaultRule/fraction``; a city's own
    /// rule in ``faultsByCity`` takes precedence while it is active.
    public var randomFault: FaultRule?
    /// The folder holding `cities.tsv`, `cities-api-location.tsv`, `template.json` and the
    /// `{id}.json` bodies. Defaults to the package's top-level `Fixtures/`.
    public var fixturesDirectory: String

    /// Creates a configuration; every knob defaults to normal behaviour.
    public init(
        latency: Duration = .zero,
        latencyByCity: [String: Duration] = [:],
        faultsByCity: [String: FaultRule] = [:],
        randomFault: FaultRule? = nil,
        fixturesDirectory: String = MockConfiguration.defaultFixturesDirectory
    ) {
        self.latency = latency
        self.latencyByCity = latencyByCity
        self.faultsByCity = faultsByCity
        self.randomFault = randomFault
        self.fixturesDirectory = fixturesDirectory
    }

    /// The package's top-level `Fixtures/` folder, found from this source file's `#filePath`
    /// (`<package>/Sources/MockAPI/MockConfiguration.swift`).
    ///
    /// It is an absolute path on the machine that compiled the module: a `forecast-mock` binary
    /// copied elsewhere needs `--fixtures`.
    public static var defaultFixturesDirectory: String {
        var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // MockConfiguration.swift, MockAPI, Sources
        return components.joined(separator: "/") + "/Fixtures"
    }

    /// The latency for a request naming `cityID` (nil when the request names no city).
    func latency(for cityID: String?) -> Duration {
        if let cityID, let override = latencyByCity[cityID] {
            return override
        }
        return latency
    }
}
