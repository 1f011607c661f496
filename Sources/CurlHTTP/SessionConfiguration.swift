/// Everything a `Session` is set up with.
///
/// What is not configurable, on purpose: TLS verification is always on (`CURLOPT_SSL_VERIFYPEER`,
/// `CURLOPT_SSL_VERIFYHOST`; whom it trusts is ``RequestOptions/trust``), only http and https are spoken, also on
/// redirect (`CURLOPT_PROTOCOLS_STR`, `CURLOPT_REDIR_PROTOCOLS_STR`), signals are never used (`CURLOPT_NOSIGNAL`), and
/// proxies come from the environment as libcurl reads them (`http_proxy`, `https_proxy`, `no_proxy`) unless a request
/// names one (``RequestOptions/proxy``).
public struct SessionConfiguration: Sendable {
    /// The options of every request that does not bring its own.
    public var requestDefaults: RequestOptions
    /// Minimum intervals between request starts, by host.
    public var pacing: Pacing
    /// How many idle connections the session keeps open for reuse. libcurl: `CURLMOPT_MAXCONNECTS`, whose default (4 ×
    /// the transfers attached at the moment a connection is returned) shrinks the cache to a handful whenever a burst
    /// ends with a few stragglers, so the next burst reconnects.
    public var maxIdleConnections: Int

    /// Creates a configuration; by default, ``RequestOptions``' defaults, no pacing, and up to 256 idle connections kept.
    public init(requestDefaults: RequestOptions = RequestOptions(), pacing: Pacing = .none, maxIdleConnections: Int = 256) {
        self.requestDefaults = requestDefaults
        self.pacing = pacing
        self.maxIdleConnections = maxIdleConnections
    }
}
