/// What fetching one city gave: its forecast or why not, and how it was had.
public struct FetchResult: Sendable {
    /// The city that was asked for.
    public let city: City
    public let outcome: Result<CityForecast, ForecastError>
    public let info: FetchInfo
    /// Set when the fetch failed and `outcome` is an older copy from the cache instead
    /// (`--stale-if-error`): the failure and when the copy was fetched.
    public let stale: StaleCopy?

    public init(city: City, outcome: Result<CityForecast, ForecastError>, info: FetchInfo, stale: StaleCopy? = nil) {
        self.city = city
        self.outcome = outcome
        self.info = info
        self.stale = stale
    }

    /// True when the city failed, even if a stale copy stands in for it.
    public var failed: Bool { error != nil || stale != nil }

    public var forecast: CityForecast? { try? outcome.get() }

    public var error: ForecastError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }
}

/// How a result was had, for `--verbose`: from the cache or the network, and the transfer's numbers.
public struct FetchInfo: Sendable, Equatable {
    public enum Source: String, Sendable {
        case network = "miss"
        case cache = "hit"
        /// Fetched without reading the cache, and stored in it (`--refresh`).
        case refreshed = "refresh"
        /// No cache at all (`--no-cache`).
        case networkOnly = "off"
    }

    public var source: Source
    /// The final HTTP status, if a response arrived.
    public var status: Int?
    /// Bytes of body received (or read from the cache).
    public var bytes: Int
    /// Attempts made, counting the first; 0 when served from the cache.
    public var attempts: Int
    public var httpVersion: String?
    /// libcurl's timings of the last attempt.
    public var nameLookup: Duration
    public var connect: Duration
    public var tlsHandshake: Duration
    public var firstByte: Duration
    public var total: Duration
    public var connectionReused: Bool

    public init(
        source: Source, status: Int? = nil, bytes: Int = 0, attempts: Int = 0, httpVersion: String? = nil,
        nameLookup: Duration = .zero, connect: Duration = .zero, tlsHandshake: Duration = .zero,
        firstByte: Duration = .zero, total: Duration = .zero, connectionReused: Bool = false
    ) {
        self.source = source
        self.status = status
        self.bytes = bytes
        self.attempts = attempts
        self.httpVersion = httpVersion
        self.nameLookup = nameLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.firstByte = firstByte
        self.total = total
        self.connectionReused = connectionReused
    }
}
