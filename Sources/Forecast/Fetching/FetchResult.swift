import CurlHTTP

/// What fetching one city gave: its forecast or why not, and how it was had.
public struct FetchResult: Sendable {
    /// The city that was asked for.
    public let city: City
    /// The forecast, or the error that stopped it.
    public let outcome: Result<CityForecast, ForecastError>
    /// Where the result came from, with the transfer's numbers.
    public let info: FetchInfo
    /// Set when the fetch failed and `outcome` is an older copy from the cache instead
    /// (`--stale-if-error`): the failure and when the copy was fetched.
    public let stale: StaleCopy?
    /// Who made the forecast: the API, or the weather agency's file.
    public let provider: Provider
    /// The API's failure, when the agency's file stands in for it (``ClientConfiguration/Source/auto``).
    public let fallback: ForecastError?

    /// Who made a forecast.
    public enum Provider: String, Sendable {
        /// weather.tsukumijima.net.
        case tsukumijima
        /// The weather agency's own file, read as the API reads it.
        case jma
    }

    /// Creates a result; the client makes them, so this is for tests.
    public init(
        city: City, outcome: Result<CityForecast, ForecastError>, info: FetchInfo, stale: StaleCopy? = nil,
        provider: Provider = .tsukumijima, fallback: ForecastError? = nil
    ) {
        self.city = city
        self.outcome = outcome
        self.info = info
        self.stale = stale
        self.provider = provider
        self.fallback = fallback
    }

    /// True when the city failed, even if a stale copy stands in for it.
    public var failed: Bool { error != nil || stale != nil }

    /// The forecast, or nil if the city failed.
    public var forecast: CityForecast? { try? outcome.get() }

    /// The error, or nil if the city succeeded.
    public var error: ForecastError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }
}

/// How a result was had, for `--verbose`: from the cache or the network, and the transfer's numbers.
public struct FetchInfo: Sendable, Equatable {
    /// Where a body came from; the raw value is the word `--verbose` prints.
    public enum Source: String, Sendable {
        /// Fetched, because the cache had no fresh copy.
        case network = "miss"
        /// Read from the cache; no request was made.
        case cache = "hit"
        /// Fetched without reading the cache, and stored in it (`--refresh`).
        case refreshed = "refresh"
        /// No cache at all (`--no-cache`).
        case networkOnly = "off"
    }

    /// Where the body came from.
    public var source: Source
    /// The final HTTP status, if a response arrived.
    public var status: Int?
    /// Bytes of body received (or read from the cache).
    public var bytes: Int
    /// Attempts made, counting the first; 0 when served from the cache.
    public var attempts: Int
    /// The HTTP version of the response ("1.1", "2"), if one arrived.
    public var httpVersion: String?
    /// libcurl's timings of the last attempt (name lookup, connect, TLS, first byte, total)
    /// and whether it reused a connection; zero timings when no response arrived.
    public var metrics: Metrics

    /// Creates the numbers of one fetch; the client makes them, so this is for tests.
    public init(
        source: Source, status: Int? = nil, bytes: Int = 0, attempts: Int = 0, httpVersion: String? = nil,
        metrics: Metrics = Metrics()
    ) {
        self.source = source
        self.status = status
        self.bytes = bytes
        self.attempts = attempts
        self.httpVersion = httpVersion
        self.metrics = metrics
    }
}
