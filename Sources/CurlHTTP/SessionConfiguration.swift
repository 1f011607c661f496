/// The limits and defaults of one request; a session has a set, and a request may override it.
public struct RequestOptions: Sendable {
    /// The most one attempt may take, from start to last byte. libcurl: `CURLOPT_TIMEOUT_MS`.
    public var timeout: Duration
    /// The most connecting may take. libcurl: `CURLOPT_CONNECTTIMEOUT_MS`.
    public var connectTimeout: Duration
    /// Redirects followed before giving up; 0 follows none. libcurl: `CURLOPT_MAXREDIRS`.
    public var maxRedirects: Int
    /// The largest body accepted, in bytes, checked against `Content-Length`
    /// (libcurl: `CURLOPT_MAXFILESIZE_LARGE`) and while the decoded body arrives.
    public var maxBodySize: Int
    /// Ask for compressed bodies and decode them. libcurl: `CURLOPT_ACCEPT_ENCODING` set to "".
    public var acceptEncoding: Bool
    /// libcurl: `CURLOPT_USERAGENT`.
    public var userAgent: String
    /// Header fields sent with every request, below the request's own.
    public var headers: HTTPHeaders
    public var retry: RetryPolicy

    public init(
        timeout: Duration = .seconds(15),
        connectTimeout: Duration = .seconds(10),
        maxRedirects: Int = 5,
        maxBodySize: Int = 8 << 20,
        acceptEncoding: Bool = true,
        userAgent: String = RequestOptions.defaultUserAgent,
        headers: HTTPHeaders = [:],
        retry: RetryPolicy = RetryPolicy()
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxRedirects = maxRedirects
        self.maxBodySize = maxBodySize
        self.acceptEncoding = acceptEncoding
        self.userAgent = userAgent
        self.headers = headers
        self.retry = retry
    }

    /// `CurlHTTP/<version>`.
    public static let defaultUserAgent = "CurlHTTP/\(CurlHTTP.version)"
}

/// Everything a `Session` is set up with.
///
/// What is not configurable, on purpose: TLS verification is always on
/// (`CURLOPT_SSL_VERIFYPEER`, `CURLOPT_SSL_VERIFYHOST`), only http and https are spoken, also
/// on redirect (`CURLOPT_PROTOCOLS_STR`, `CURLOPT_REDIR_PROTOCOLS_STR`), signals are never used
/// (`CURLOPT_NOSIGNAL`), and proxies come from the environment as libcurl reads them
/// (`http_proxy`, `https_proxy`, `no_proxy`).
public struct SessionConfiguration: Sendable {
    /// The options of every request that does not bring its own.
    public var requestDefaults: RequestOptions
    /// Minimum intervals between request starts, by host.
    public var pacing: Pacing
    /// How many idle connections the session keeps open for reuse. libcurl:
    /// `CURLMOPT_MAXCONNECTS`, whose default (4 × the transfers attached at the moment a
    /// connection is returned) shrinks the cache to a handful whenever a burst ends with a
    /// few stragglers, so the next burst reconnects.
    public var maxIdleConnections: Int

    public init(requestDefaults: RequestOptions = RequestOptions(), pacing: Pacing = .none, maxIdleConnections: Int = 256) {
        self.requestDefaults = requestDefaults
        self.pacing = pacing
        self.maxIdleConnections = maxIdleConnections
    }
}

/// The package's own version, for the User-Agent.
public enum CurlHTTP {
    public static let version = "0.1.0"
}
