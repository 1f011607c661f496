import CurlHTTP

/// How a `ForecastClient` reaches the API and the weather agency's files.
public struct ClientConfiguration: Sendable {
    /// The public API.
    public static let publicBaseURL = "https://weather.tsukumijima.net"
    /// ``timeout`` when not given: 15 s, for the API itself retries the agency for up to about 5.
    public static let defaultTimeout: Duration = .seconds(15)
    /// ``retries`` when not given.
    public static let defaultRetries = 2
    /// The operator asks for at least 0.5 s between requests.
    public static let publicAPIInterval: Duration = .milliseconds(500)
    /// The weather agency's site, where its forecast files are.
    public static let agencyBaseURL = "https://www.jma.go.jp"
    /// The hosts paced at ``publicAPIInterval`` unless ``interval`` says otherwise: the public
    /// API's and the agency's site, which is asked as gently as the API.
    public static let pacedHosts = ["weather.tsukumijima.net", "www.jma.go.jp"]

    /// Where the 3-day forecast comes from.
    public enum Source: String, Sendable, CaseIterable {
        /// The API, and for a city it fails, the agency's file in its place.
        case auto
        /// The API alone.
        case tsukumijima
        /// The agency's file alone.
        case jma
    }

    /// The API root, without a trailing slash.
    public var baseURL: String {
        didSet { endpoint = Endpoint(url: baseURL) }
    }
    /// The scheme, host and port of ``baseURL``, parsed once: the cache is keyed on its
    /// authority ("127.0.0.1:8080") and the session paces on its host.
    public private(set) var endpoint: Endpoint
    /// Total time for one attempt of one request.
    public var timeout: Duration
    /// Extra attempts for transient failures.
    public var retries: Int
    /// Minimum time between request starts; nil means 0.5 s for the public API, none elsewhere.
    public var interval: Duration?
    /// Where bodies are kept between runs; nil for no cache.
    public var cache: ForecastCache?
    /// The User-Agent header sent with every request.
    public var userAgent: String
    /// A PEM file of the CAs to trust for HTTPS instead of the system's store (curl's `--cacert`).
    public var caFile: String?
    /// A hashed directory of the CAs to trust instead of the system's store (curl's `--capath`).
    public var caDirectory: String?
    /// When a fetch fails, serve a cached copy fetched at most this long ago, marked stale
    /// (`--stale-if-error`); nil (the default) never does.
    public var staleIfError: Duration?
    /// A deadline for everything the client fetches, counted from the client's creation
    /// (`--max-time`): waiting for a turn, attempts and backoff included. When it passes, every
    /// city not done fails with ``ForecastError/deadline(seconds:)``; nil for none.
    public var maxTime: Duration?
    /// The agency's site, without a trailing slash: its office files are
    /// `<agencyURL>/bosai/forecast/data/forecast/<office>.json`.
    public var agencyURL: String {
        didSet { agencyEndpoint = Endpoint(url: agencyURL) }
    }
    /// The scheme, host and port of ``agencyURL``.
    public private(set) var agencyEndpoint: Endpoint
    /// Where the 3-day forecast comes from (``Source/auto`` by default).
    public var source: Source
    /// Whether a 3-day forecast built from the agency's file also gets the forecaster's
    /// overview, from `<agencyURL>/bosai/forecast/data/overview_forecast/<office>.json`: a
    /// second request per office, for a caller that prints it (`forecast -f detail`).
    public var agencyOverview = false
    /// The longest the first source has to answer before the fallback is asked as well (3 s):
    /// ``Route/hedgeDelay(since:deadline:limit:)``. Not public: a test lengthens it to give the
    /// hedge that a deadline brings forward a margin far above what its answer takes.
    var hedgeLimit: Duration = .seconds(3)
    /// Where the client's runs take their timers from (the hedge, the lock waits' pauses): the
    /// system's clock. Not public: a test moves a clock of its own instead of waiting.
    var clock: any RunClock = SystemRunClock()

    /// Creates a configuration; the defaults suit the public API, with no cache.
    public init(
        baseURL: String = ClientConfiguration.publicBaseURL, timeout: Duration = ClientConfiguration.defaultTimeout,
        retries: Int = ClientConfiguration.defaultRetries,
        interval: Duration? = nil, cache: ForecastCache? = nil, userAgent: String = ClientConfiguration.defaultUserAgent,
        caFile: String? = nil, caDirectory: String? = nil, staleIfError: Duration? = nil, maxTime: Duration? = nil,
        agencyURL: String = ClientConfiguration.agencyBaseURL, source: Source = .auto
    ) {
        self.baseURL = baseURL
        while self.baseURL.hasSuffix("/") { self.baseURL.removeLast() }
        endpoint = Endpoint(url: self.baseURL)
        self.timeout = timeout
        self.retries = retries
        self.interval = interval
        self.cache = cache
        self.userAgent = userAgent
        self.caFile = caFile
        self.caDirectory = caDirectory
        self.staleIfError = staleIfError
        self.maxTime = maxTime
        self.agencyURL = agencyURL
        while self.agencyURL.hasSuffix("/") { self.agencyURL.removeLast() }
        agencyEndpoint = Endpoint(url: self.agencyURL)
        self.source = source
    }

    /// The CA file and directory curl's own command line would trust from its environment variables (`CURL_CA_BUNDLE`,
    /// else `SSL_CERT_FILE` and `SSL_CERT_DIR`); both nil for the system's store.
    public static func caLocations(curlEnvironment environment: [String: String]) -> (file: String?, directory: String?) {
        caLocations(curlVariable: { environment[$0] })
    }

    /// The same, with each variable looked up by `variable` (nil for unset), such as getenv(3).
    public static func caLocations(curlVariable variable: (String) -> String?) -> (file: String?, directory: String?) {
        let roots = TrustRoots(curlVariable: variable)
        return (roots.caFile, roots.caDirectory)
    }

    /// Whom HTTPS trusts: the named CAs, else the system's store.
    var trust: TrustRoots {
        TrustRoots(caFile: caFile, caDirectory: caDirectory)
    }

    /// Names the tool and its HTTP client, as the API's operator asks of regular users.
    public static let defaultUserAgent = "forecast/\(ForecastVersion.current) CurlHTTP/\(CurlHTTP.version)"

    /// The pacing of the configured hosts: `interval` if set, else 0.5 s for the public API and
    /// the agency's site, and none for any other host.
    var pacing: Pacing {
        var intervals: [String: Duration] = [:]
        for host in [agencyEndpoint.host, endpoint.host] {
            intervals[host] = interval ?? (Self.pacedHosts.contains(host) ? Self.publicAPIInterval : .zero)
        }
        return Pacing(intervals: intervals)
    }
}

/// The version of the forecast package.
public enum ForecastVersion {
    /// The package's version, such as "0.3.0"; written once, as `CurlHTTP.version`.
    public static let current = CurlHTTP.version

    /// The tool's version and the libcurl it was built against, as `forecast --version` prints it: "forecast 0.3.0
    /// (built with libcurl 7.88.1)". It does not load libcurl, which would be nearly all of the run's work.
    public static var versionLine: String {
        "forecast \(current) (built with libcurl \(LibcurlVersion.headers))"
    }

    /// The tool's version with the libraries its transfers run on, as `forecast -v --version` prints it: "forecast
    /// 0.3.0 (libcurl/7.88.1 OpenSSL/3.0.17 nghttp2/1.52.0)", or "(libcurl unavailable)". It loads libcurl, which may
    /// be newer than the one built against.
    public static var runtimeVersionLine: String {
        "forecast \(current) (\(LibcurlVersion.current.summary))"
    }
}
