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
    /// The CAs that vouch for an HTTPS server (default: the system's). libcurl: `CURLOPT_CAINFO`, `CURLOPT_CAPATH`.
    public var trust: TrustRoots
    /// The size of the buffer each transfer in flight reads into, in bytes; nil for libcurl's default (16 KiB). Before
    /// libcurl 8.7 every transfer keeps one from its first connection to its end, so many transfers at once hold many
    /// (8.7 and later share one per session); a body larger than it takes several reads. libcurl: `CURLOPT_BUFFERSIZE`,
    /// which takes it as a request and keeps it within 1 KiB and 10 MiB.
    public var receiveBufferSize: Int?
    /// The moment by which the whole request must have ended — its wait for a turn, every
    /// attempt and every wait between attempts — or nil for none. When it passes, the request
    /// fails with ``CurlError/Kind/deadlineExceeded``: a running attempt is stopped then, and a
    /// request made after it fails at once. Each attempt still has its own `timeout`.
    public var deadline: ContinuousClock.Instant?
    /// The proxy for this request, such as "http://127.0.0.1:3128", used for every host; "" for none. nil (the default)
    /// takes it from the environment as libcurl does (`http_proxy`, `https_proxy`, `no_proxy`). libcurl:
    /// `CURLOPT_PROXY`, with `CURLOPT_NOPROXY` set to none when a proxy is named here.
    public var proxy: String?

    /// Creates options; the defaults suit any API: 15 s per attempt, 10 s to connect, 5 redirects, 8 MiB of body, compression, two retries of transient failures, no deadline, the environment's proxy.
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
        receiveBufferSize: Int? = nil,
        deadline: ContinuousClock.Instant? = nil,
        proxy: String? = nil
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
        self.deadline = deadline
        self.proxy = proxy
    }

    /// `CurlHTTP/<version>`.
    public static let defaultUserAgent = "CurlHTTP/\(CurlHTTP.version)"
}
