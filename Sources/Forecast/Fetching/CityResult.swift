import CurlHTTP

/// What one city came to: its value (three days, a week, …) or why not, and how it was had.
///
/// One type for every source, so that the command, the formatters and `-v` read a city the same way whatever it asked
/// for: ``FetchResult`` for the 3-day forecast, ``WeeklyResult`` for the week.
public struct CityResult<Value: Sendable>: Sendable {
    /// The city that was asked for.
    public let city: City
    /// The value, or nil if the city failed.
    public let value: Value?
    /// The error, or nil if the city succeeded.
    public let error: ForecastError?
    /// Where the result came from, with the transfer's numbers.
    public let info: FetchInfo
    /// Set when the value is shown stale: a copy from the cache in place of a failed fetch (`--stale-if-error`), with
    /// the failure and when the copy was fetched, or data older than its source should be; with its age.
    public let stale: Staleness?
    /// The value's own time (a forecast's publication, an observation's) and its age when it was read; nil without a
    /// value, or for a value of no time (the sun's).
    public let age: DataAge?
    /// Who made the value: the API, or the weather agency's file.
    public let provider: Provider
    /// The API's failure, when the agency's file stands in for it (``ClientConfiguration/Source/auto``);
    /// ``ForecastError/slow(seconds:)`` when the API had not answered in time.
    public let fallback: ForecastError?

    /// Creates a result; the client makes them, so this is for tests.
    public init(
        city: City, outcome: Result<Value, ForecastError>, info: FetchInfo = FetchInfo(source: .network),
        stale: Staleness? = nil, age: DataAge? = nil, provider: Provider = .tsukumijima, fallback: ForecastError? = nil
    ) {
        var error: ForecastError?
        if case .failure(let failure) = outcome { error = failure }
        self.init(
            city: city, value: try? outcome.get(), error: error, info: info, stale: stale, age: age, provider: provider,
            fallback: fallback)
    }

    /// A result of a value or an error, as the fetch core makes them.
    init(
        city: City, value: Value?, error: ForecastError?, info: FetchInfo, stale: Staleness?, age: DataAge? = nil,
        provider: Provider, fallback: ForecastError? = nil
    ) {
        self.city = city
        self.value = value
        self.error = value == nil ? error ?? .other("no value") : nil
        self.info = info
        self.stale = stale
        self.age = value == nil ? nil : age
        self.provider = provider
        self.fallback = fallback
    }

    /// True when the city failed, even if a stale copy stands in for it; old data the source served is no failure.
    public var failed: Bool { error != nil || stale?.error != nil }

    /// The value, or the error that stopped it. (Kept as the two optionals above: a stored `Result` would make the
    /// first run look through the binary's conformances for `ForecastError: Error` when a result's metadata is made.)
    public var outcome: Result<Value, ForecastError> {
        if let value { return .success(value) }
        return .failure(error ?? .other("no value"))
    }

    /// The same result with another value: what a city takes from a file it shares.
    func map<Other>(_ transform: (Value) throws(ForecastError) -> Other) -> CityResult<Other> {
        var mapped: Other?, failure = error
        if let value {
            do throws(ForecastError) {
                mapped = try transform(value)
            } catch {
                failure = error
            }
        }
        return CityResult<Other>(
            city: city, value: mapped, error: failure, info: info, stale: stale, age: age, provider: provider, fallback: fallback)
    }
}

/// Who made a city's value.
public enum Provider: String, Sendable {
    /// weather.tsukumijima.net.
    case tsukumijima
    /// The weather agency's own files.
    case jma
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
        /// Computed here, with no file at all (the sun's times).
        case computed
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
    /// Why a fetched body could not be stored in the cache ("No space left on device"); nil
    /// when it was, or when nothing was to be stored.
    public var notStored: String?

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
