/// A minimum time between the starts of requests to one host.
///
/// Every attempt of every request of a session takes a turn: a start waits until the interval since the previous start
/// to the same host has passed. Hosts without an entry use `defaultInterval`.
public struct Pacing: Sendable, Equatable {
    /// The interval for hosts not in `intervals`; zero for none.
    public var defaultInterval: Duration
    /// Intervals by host name, lower-case (`"weather.tsukumijima.net"`).
    public var intervals: [String: Duration]

    /// Creates a pacing with a default interval and intervals by host.
    public init(defaultInterval: Duration = .zero, intervals: [String: Duration] = [:]) {
        self.defaultInterval = defaultInterval
        self.intervals = intervals
    }

    /// No pacing for any host.
    public static let none = Pacing()

    /// The interval for `host` (any case).
    public func interval(forHost host: String) -> Duration {
        intervals[host.lowercased()] ?? defaultInterval
    }
}
