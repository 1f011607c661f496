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
    /// When and how soon a failed attempt is tried again.
    public var retry: RetryPolicy
    /// If set, this request waits its turn among the requests sharing the limit.
    public var limit: ConcurrencyLimit?
    /// The CAs trusted to vouch for an HTTPS server (default: the system's store).
    /// libcurl: `CURLOPT_CAINFO`, `CURLOPT_CAPATH`.
    public var trust: TrustRoots
    /// The size of the buffer each transfer in flight reads into, in bytes; nil for libcurl's
    /// default (16 KiB). Before libcurl 8.7 every transfer keeps one from its first connection
    /// to its end, so many transfers at once hold many (8.7 and later share one per session);
    /// a body larger than it takes several reads. libcurl: `CURLOPT_BUFFERSIZE`, which takes
    /// it as a request and keeps it within 1 KiB and 10 MiB.
    public var receiveBufferSize: Int?

    /// Creates options; the defaults suit any API: 15 s per attempt, 10 s to connect, 5 redirects, 8 MiB of body, compression, two retries of transient failures.
    public init(
        timeout: Duration = .seconds(15),
        connectTimeout: Duration = .seconds(10),
        maxRedirects: Int = 5,
        maxBodySize: Int = 8 << 20,
        acceptEncoding: Bool = true,
        userAgent: String = RequestOptions.defaultUserAgent,
        headers: HTTPHeaders = [:],
        retry: RetryPolicy = RetryPolicy(),
        limit: ConcurrencyLimit? = nil,
        trust: TrustRoots = .system,
        receiveBufferSize: Int? = nil
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxRedirects = maxRedirects
        self.maxBodySize = maxBodySize
        self.acceptEncoding = acceptEncoding
        self.userAgent = userAgent
        self.headers = headers
        self.retry = retry
        self.limit = limit
        self.trust = trust
        self.receiveBufferSize = receiveBufferSize
    }

    /// `CurlHTTP/<version>`.
    public static let defaultUserAgent = "CurlHTTP/\(CurlHTTP.version)"
}
