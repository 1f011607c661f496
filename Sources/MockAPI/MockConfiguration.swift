#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The knobs of a ``MockServer``: latency, faults, release stamps, and where the response bodies
/// come from.
///
/// Change it while the server runs through ``MockServer/configuration``; later requests see the
/// new values. ``fixturesDirectory`` is read once, when the server starts.
public struct MockConfiguration: Sendable {
    /// Added before answering every API request and every request for an office's file (default
    /// `.zero`). Waiting is scheduled on the event loop; no thread sleeps.
    public var latency: Duration
    /// Overrides ``latency`` for a city ID as it appears in the request.
    public var latencyByCity: [String: Duration]
    /// Overrides ``latency`` for an office code as it appears in a request for one of its files
    /// (the forecast and the overview).
    public var latencyByOffice: [String: Duration]
    /// Faults for a city ID as it appears in the request (it need not be a catalog ID).
    public var faultsByCity: [String: FaultRule]
    /// Faults for an office code as it appears in a request for one of its files (it need not be
    /// an office of `jma/areas.tsv`). Both files of the office count toward
    /// ``FaultRule/firstAttempts``. A city of the same code is not affected.
    public var faultsByOffice: [String: FaultRule]
    /// Faults for the AMeDAS files: `latest_time` or `map` (every map file).
    public var faultsByAmedas: [String: FaultRule]
    /// Faults for an office's warning file (`/bosai/warning/data/r8/{office}.json`), by the code
    /// as it appears in the request; the office's forecast files are not affected.
    public var faultsByWarning: [String: FaultRule]
    /// A fault applied to any API request or request for an office's file with probability
    /// ``FaultRule/fraction``; a city's or office's own rule takes precedence while it is active.
    public var randomFault: FaultRule?
    /// Whether bodies carry the last release before ``clock``, as the real servers' do, instead
    /// of the samples' times (default `false`: every body is served as its fixture).
    ///
    /// The releases are at 05:00, 11:00 and 17:00 JST (the weekly forecast's at 11:00 and 17:00
    /// only). The API's `publicTime` becomes the last one, and its `forecasts[].date` move by
    /// whole days so that the first is the clock's JST date (`dateLabel` stays). An office's
    /// forecast file has its first report's `reportDatetime` set to the last release and the
    /// second's to the last weekly release, and all its times move by whole days so that the
    /// first falls on the last release's day; an overview's `reportDatetime` becomes the last
    /// release. Values and texts stay the samples'.
    public var stampsRelease: Bool
    /// The mock's clock, read when a request arrives if ``stampsRelease`` is on. The system
    /// clock by default (so a process run under libfaketime sees the faked time); tests can
    /// inject a fixed one. It must be quick and must not use the server.
    public var clock: @Sendable () -> Date
    /// The folder holding `cities.tsv`, `cities-api-location.tsv`, `template.json`, the `{id}.json`
    /// bodies and the `jma` folder of the agency's files (without which no office is served).
    /// Defaults to the package's top-level `Fixtures/`.
    public var fixturesDirectory: String

    /// Creates a configuration; every knob defaults to normal behaviour.
    public init(
        latency: Duration = .zero,
        latencyByCity: [String: Duration] = [:],
        latencyByOffice: [String: Duration] = [:],
        faultsByCity: [String: FaultRule] = [:],
        faultsByOffice: [String: FaultRule] = [:],
        faultsByAmedas: [String: FaultRule] = [:],
        faultsByWarning: [String: FaultRule] = [:],
        randomFault: FaultRule? = nil,
        stampsRelease: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() },
        fixturesDirectory: String = MockConfiguration.defaultFixturesDirectory
    ) {
        self.latency = latency
        self.latencyByCity = latencyByCity
        self.latencyByOffice = latencyByOffice
        self.faultsByCity = faultsByCity
        self.faultsByOffice = faultsByOffice
        self.faultsByAmedas = faultsByAmedas
        self.faultsByWarning = faultsByWarning
        self.randomFault = randomFault
        self.stampsRelease = stampsRelease
        self.clock = clock
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

    /// The latency for a request for `target` (nil when the request names none).
    func latency(for target: FaultTarget?) -> Duration {
        switch target {
        case .city(let cityID): latencyByCity[cityID] ?? latency
        case .office(let office): latencyByOffice[office] ?? latency
        case .warning(let office): latencyByOffice[office] ?? latency
        case .amedas, nil: latency
        }
    }

    /// The fault rule set for `target`, if any.
    func faultRule(for target: FaultTarget) -> FaultRule? {
        switch target {
        case .city(let cityID): faultsByCity[cityID]
        case .office(let office): faultsByOffice[office]
        case .amedas(let file): faultsByAmedas[file]
        case .warning(let office): faultsByWarning[office]
        }
    }
}
