/// What a fault rule, a latency or a counter is kept for: a key of one source, as it appears in
/// a request (it need not be a real city's or office's).
///
/// The source is part of it because keys collide: 270000 is both Osaka's city ID and the Osaka
/// office's code (so are 011000, 370000, 472000 and 473000).
public struct FaultTarget: Sendable, Hashable {
    /// The source's name, as `--fault NAME:KEY=KIND` writes it (`office`, `amedas`, `warning`;
    /// `city` for the API's rules, written `--fault KEY=KIND`).
    public var source: String
    /// What the request names: a city ID, an office code, a file (`latest_time`, `map`).
    public var key: String

    /// The key `key` of the source named `source`.
    public init(source: String, key: String) {
        (self.source, self.key) = (source, key)
    }
}
