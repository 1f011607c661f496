import CurlHTTP
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches forecasts through one CurlHTTP session, so that every request shares its
/// connections, behind the cache: the API's 3-day forecast, and the weather agency's own file
/// for the week ahead and in the API's place when it fails.
///
/// One way through: ``results(for:jobs:)``, an asynchronous sequence of the cities' results in
/// input order (``weeks(for:jobs:)`` for the week). The other forms are short adapters that show
/// the other styles of the seed: ``fetch(_:)`` awaits one city, ``fetchSequentially(_:deliver:)``
/// walks the cities with a `DispatchGroup`, and ``fetchInParallel(_:jobs:deliver:)`` uses
/// completion handlers and hands the results over in input order.
///
/// One city's failure is that city's result and never ends a run. Transient failures
/// (connect errors, timeouts, resets, 408/429/5xx, and the API's "Request to JMA API failed")
/// are retried by the session's policy; the public API and the agency's site are paced at
/// 0.5 s between requests.
public final class ForecastClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: ClientConfiguration
    /// What the session is made with, and every request's defaults.
    let sessionConfiguration: SessionConfiguration
    /// The cache in front of the API.
    let apiLayer: CacheLayer<CityForecast>
    /// The cache in front of the agency's office files.
    let agencyLayer: CacheLayer<AgencyForecast>
    /// When `configuration.maxTime` runs out, counted from the client's creation.
    let deadline: ContinuousClock.Instant?
    /// Where the client stands: no session yet, a running one, or ended.
    private let lifecycle = LockedValue<Lifecycle>(.idle)

    /// The client's one piece of changing state.
    private enum Lifecycle {
        /// No request has needed the network yet: a run the cache answers never loads libcurl.
        case idle
        case running(Session)
        /// Ended by ``invalidateAndCancel()``, with the session if one was made.
        case ended(Session?)
    }

    /// Creates a client. Its CurlHTTP session (one thread) is made by the first fetch the cache
    /// does not answer; if it cannot be made (libcurl missing, no thread), that fetch fails
    /// with the `CurlError` as a transport error.
    public init(configuration: ClientConfiguration = ClientConfiguration()) {
        self.configuration = configuration
        let deadline = configuration.maxTime.map { ContinuousClock.now + $0 }
        self.deadline = deadline
        let retry = RetryPolicy(
            maxRetries: configuration.retries,
            retryableResponse: { ResponseDecoder.isTransientAPIError($0.body) })
        let options = RequestOptions(
            timeout: configuration.timeout,
            connectTimeout: min(configuration.timeout, .seconds(10)),
            maxBodySize: 1 << 20,
            userAgent: configuration.userAgent,
            headers: ["Accept": "application/json"],
            retry: retry,
            trust: configuration.trust,
            // The bodies are 4–40 KB: half libcurl's default buffer still reads most in a go,
            // and fifty transfers in flight hold less memory.
            receiveBufferSize: 8 << 10,
            deadline: deadline)
        sessionConfiguration = SessionConfiguration(requestDefaults: options, pacing: configuration.pacing)
        apiLayer = CacheLayer(
            cache: configuration.cache, host: configuration.endpoint.authority, staleIfError: configuration.staleIfError,
            decode: { body, _ throws(ForecastError) in try ResponseDecoder.decode(body) })
        agencyLayer = CacheLayer(
            cache: configuration.cache?.forAgency, host: configuration.agencyEndpoint.authority,
            staleIfError: configuration.staleIfError,
            decode: { body, office throws(ForecastError) in try AgencyForecast.decode(body, office: office) })
    }

    /// The API URL of a city's forecast.
    public func url(for city: City) -> String {
        "\(configuration.baseURL)/api/forecast/city/\(city.id)"
    }

    /// Ends the client for good: every request in flight ends as `ForecastError.cancelled`,
    /// and so does every later fetch that the cache does not answer.
    public func invalidateAndCancel() {
        let session = lifecycle.withLock { state -> Session? in
            switch state {
            case .idle:
                state = .ended(nil)
                return nil
            case .running(let session):
                state = .ended(session)
                return session
            case .ended:
                return nil
            }
        }
        session?.invalidateAndCancel()
    }

    /// Suspends until the client's session has ended, after ``invalidateAndCancel()``: its
    /// thread has closed every connection and freed every libcurl and TLS handle. Blocks no
    /// thread.
    public func waitUntilInvalidated() async {
        let session = lifecycle.withLock { state -> Session? in
            switch state {
            case .running(let session), .ended(let session?): session
            case .idle, .ended(nil): nil
            }
        }
        await session?.waitUntilInvalidated()
    }

    /// True once a request has made the client's session (for the tests of its laziness).
    var hasStartedSession: Bool {
        lifecycle.withLock { state in
            switch state {
            case .running, .ended(_?): true
            case .idle, .ended(nil): false
            }
        }
    }

    // MARK: The one way through, and the styles of the seed as adapters

    /// The 3-day forecasts of `cities`, in input order, with at most `jobs` requests in flight
    /// (1 for one after the other): see ``CityResults``.
    public func results(for cities: [City], jobs: Int) -> CityResults<FetchResult> {
        CityResults(cities: cities, jobs: max(1, jobs)) { city, run in self.start(city, in: run) }
    }

    /// Fetches one city, awaiting its request: from the cache, else from the network.
    /// Cancelling the task cancels the request; the result is then `ForecastError.cancelled`.
    public func fetch(_ city: City) async -> FetchResult {
        await start(city, in: CityRun(count: 1, jobs: 1)).result()
    }

    /// Fetches the cities one after the other, as a `DispatchGroup` does it: `enter()`, start
    /// the request, `leave()` in its completion handler, `wait()` before the next city. Each
    /// result is handed to `deliver` on the calling thread before the next request starts.
    /// Blocks the calling thread.
    public func fetchSequentially(_ cities: [City], deliver: (FetchResult) -> Void) {
        let group = DispatchGroup()
        let slot = LockedValue<FetchResult?>(nil)
        for city in cities {
            group.enter()
            fetch(city, limit: nil) { result in
                slot.withLock { $0 = result }
                group.leave()
            }
            group.wait()
            if let result = slot.withLock({ $0.take() }) {
                deliver(result)
            }
        }
    }

    /// Fetches the cities with completion handlers, at most `jobs` requests in flight, and
    /// hands each result to `deliver` on the calling thread in input order, as soon as it and
    /// every city before it are done. Every city is handed to the session at once; each has a
    /// slot that its completion handler fills. Blocks the calling thread.
    public func fetchInParallel(_ cities: [City], jobs: Int, deliver: (FetchResult) -> Void) {
        let limit = ConcurrencyLimit(maxInFlight: jobs)
        let slots = cities.map { _ in ResultSlot() }
        for (city, slot) in zip(cities, slots) {
            slot.group.enter()
            fetch(city, limit: limit) { result in slot.fill(result) }
        }
        for slot in slots {
            slot.group.wait()
            if let result = slot.take() {
                deliver(result)
            }
        }
    }

    // MARK: Shared by every path

    /// The session, made now if this is the first request; nil once the client has ended.
    func runningSession() throws(CurlError) -> Session? {
        try lifecycle.withLock { (state: inout Lifecycle) throws(CurlError) -> Session? in
            switch state {
            case .running(let session):
                return session
            case .ended:
                return nil
            case .idle:
                let session = try Session(configuration: sessionConfiguration)
                state = .running(session)
                return session
            }
        }
    }

    /// A request for `url`, waiting its turn of `limit`; or, when there can be none (the
    /// deadline has passed, the client has ended), why not.
    func request(_ url: String, limit: ConcurrencyLimit?) -> Result<Request, ForecastError> {
        if isPastDeadline { return .failure(deadlineError) }
        do throws(CurlError) {
            guard let session = try runningSession() else { return .failure(.cancelled) }
            var options = sessionConfiguration.requestDefaults
            options.limit = limit
            return .success(session.request(url, options: options))
        } catch {
            return .failure(.transport(error))
        }
    }

    /// True once the deadline (`maxTime`) has passed: nothing more is asked for.
    var isPastDeadline: Bool {
        deadline.map { ContinuousClock.now >= $0 } ?? false
    }

    /// The failure of a city the deadline (`maxTime`) caught.
    var deadlineError: ForecastError {
        let (seconds, attoseconds) = (configuration.maxTime ?? .zero).components
        return .deadline(seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// What a request's outcome says: the body of a 2xx response, or why not, with the
    /// transfer's numbers.
    func body(of outcome: Result<Response, any Error>, source: FetchInfo.Source) -> (Result<Data, ForecastError>, FetchInfo) {
        switch outcome {
        case .success(let response):
            let info = FetchInfo(response: response, source: source)
            guard (200..<300).contains(response.status) else {
                return (.failure(.http(status: response.status, attempts: response.attempts)), info)
            }
            return (.success(response.body), info)
        case .failure(let error):
            let attempts = (error as? CurlError)?.attempts ?? 0
            return (.failure(forecastError(error)), FetchInfo(source: source, attempts: attempts))
        }
    }

    /// A request's error in the command's words.
    private func forecastError(_ error: any Error) -> ForecastError {
        switch error {
        case is CancellationError:
            return .cancelled
        case let curlError as CurlError where curlError.kind == .deadlineExceeded:
            return deadlineError
        case let curlError as CurlError:
            return .transport(curlError)
        default:
            return .other("\(error)")
        }
    }

    /// Now, in seconds since 1970, by the cache's clock (which tests pin), else the system's.
    var now: Int {
        configuration.cache?.currentTime ?? ForecastCache.systemNow()
    }
}

/// One city's place in ``ForecastClient/fetchInParallel(_:jobs:deliver:)``: its result, filled
/// by its completion handler, and the group the calling thread waits on until then.
private final class ResultSlot: Sendable {
    let group = DispatchGroup()
    private let result = LockedValue<FetchResult?>(nil)

    func fill(_ value: FetchResult) {
        result.withLock { $0 = value }
        group.leave()
    }

    func take() -> FetchResult? {
        result.withLock { $0.take() }
    }
}

extension FetchInfo {
    /// The numbers of a response that arrived.
    init(response: Response, source: Source) {
        self.init(
            source: source, status: response.status, bytes: response.body.count, attempts: response.attempts,
            httpVersion: response.httpVersion.rawValue, metrics: response.metrics)
    }
}
