#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The knobs of a ``MockServer``: latency, faults, release stamps, and where the response bodies come from.
///
/// Change it while the server runs through ``MockServer/configuration``; later requests see the
/// new values. ``fixturesDirectory`` is read once, when the server starts.
public struct MockConfiguration: Sendable {
    /// Added before answering every request for a source's file (default `.zero`). Waiting is
    /// scheduled on the event loop; no thread sleeps.
    public var latency: Duration
    /// Overrides ``latency`` by source and key (``FaultTarget``):
    /// `latencyBySource["office"]["270000"]`, which also holds for the office's warning file.
    public var latencyBySource: [String: [String: Duration]] = [:]
    /// Faults by source and key as a request names them (``FaultTarget``):
    /// `faultsBySource["office"]["270000"]`. A source's files of one key count together toward
    /// ``FaultRule/firstAttempts``; another source's key of the same code is not affected.
    public var faultsBySource: [String: [String: FaultRule]] = [:]
    /// A fault applied to any request for a source's file with probability
    /// ``FaultRule/fraction``; a key's own rule takes precedence while it is active.
    public var randomFault: FaultRule?
    /// Whether bodies carry the last release before ``clock``, as the real servers' do, instead
    /// of the samples' times (default `false`: every body is served as its fixture).
    ///
    /// The releases are at 05:00, 11:00 and 17:00 JST (the weekly forecast's at 11:00 and 17:00 only). A body's release
    /// times become the last ones, and its dates move by whole days to the clock's (the API's first day is the clock's
    /// JST date, an office's week starts the day after its last weekly release); values and texts stay the samples'.
    public var stampsRelease: Bool
    /// The mock's clock, read when a request arrives if ``stampsRelease`` is on. The system
    /// clock by default (so a process run under libfaketime sees the faked time); tests can
    /// inject a fixed one. It must be quick and must not use the server.
    public var clock: @Sendable () -> Date
    /// The folder holding `cities.tsv`, `cities-api-location.tsv`, `template.json`, the `{id}.json`
    /// bodies and the `jma` folder of the agency's files (without which no office is served).
    /// Defaults to the package's top-level `Fixtures/`.
    public var fixturesDirectory: String

    /// Creates a configuration; every knob defaults to normal behaviour. `faultsByCity` joins
    /// the API's entry of `faultsBySource`.
    public init(
        latency: Duration = .zero,
        latencyBySource: [String: [String: Duration]] = [:],
        faultsByCity: [String: FaultRule] = [:],
        faultsBySource: [String: [String: FaultRule]] = [:],
        randomFault: FaultRule? = nil,
        stampsRelease: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() },
        fixturesDirectory: String = MockConfiguration.defaultFixturesDirectory
    ) {
        (self.latency, self.latencyBySource, self.faultsBySource) = (latency, latencyBySource, faultsBySource)
        (self.randomFault, self.stampsRelease, self.clock) = (randomFault, stampsRelease, clock)
        self.fixturesDirectory = fixturesDirectory
        self.faultsBySource[MockSources.api.name, default: [:]].merge(faultsByCity) { _, city in city }
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
        target.flatMap { latencyBySource[$0.source]?[$0.key] } ?? latency
    }

    func faultRule(for target: FaultTarget) -> FaultRule? {
        faultsBySource[target.source]?[target.key]
    }
}
