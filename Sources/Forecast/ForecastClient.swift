import CurlHTTP
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches forecasts through one CurlHTTP session, so that every request shares its
/// connections, behind the cache.
///
/// One way through: ``results(for:jobs:)``, an asynchronous sequence of the cities' results in
/// input order. The other forms are short adapters that show the other styles of the seed:
/// ``fetch(_:)`` awaits one city's request, ``fetchSequentially(_:deliver:)`` walks the cities
/// with a `DispatchGroup`, and ``fetchInParallel(_:jobs:deliver:)`` uses completion handlers and
/// hands the results over in input order.
///
/// One city's failure is that city's result and never ends a run. Transient failures
/// (connect errors, timeouts, resets, 408/429/5xx, and the API's "Request to JMA API failed")
/// are retried by the session's policy; the public API is paced at 0.5 s between requests.
public final class ForecastClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: ClientConfiguration
    /// What the session is made with, and every request's defaults.
    let sessionConfiguration: SessionConfiguration
    /// The cache in front of the network.
    let cacheLayer: CacheLayer
    /// When `configuration.maxTime` runs out, counted from the client's creation.
    private let deadline: ContinuousClock.Instant?
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
            // The API's bodies are 4–7 KB: half libcurl's default buffer still reads one in a
            // go, and fifty transfers in flight hold less memory.
            receiveBufferSize: 8 << 10,
            deadline: deadline)
        sessionConfiguration = SessionConfiguration(requestDefaults: options, pacing: configuration.pacing)
        cacheLayer = CacheLayer(
            cache: configuration.cache, host: configuration.endpoint.authority, staleIfError: configuration.staleIfError)
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

    // MARK: The styles of the seed, each a short adapter

    /// Fetches one city: from the cache, else by awaiting its one request. Cancelling the task
    /// cancels the request; the result is then `ForecastError.cancelled`.
    public func fetch(_ city: City) async -> FetchResult {
        switch start(city, limit: nil) {
        case .answered(let result):
            return result
        case .requested(let request):
            do {
                return finish(city, .success(try await request.response()))
            } catch {
                return finish(city, .failure(error))
            }
        }
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

    // MARK: The one path of a city

    /// A city's fetch once begun: answered at once, or waiting for its request.
    enum Start {
        /// From the cache, or failed before any request (the deadline passed, the client ended).
        case answered(FetchResult)
        case requested(Request)
    }

    /// Begins a city's fetch: the cache first, then a request through the session. With a
    /// `limit`, the request waits for its turn among the requests that share it.
    func start(_ city: City, limit: ConcurrencyLimit?) -> Start {
        if let deadline, ContinuousClock.now >= deadline {
            return .answered(cacheLayer.settle(city, failure: deadlineError))
        }
        if let hit = cacheLayer.fresh(city) {
            return .answered(hit)
        }
        let session: Session
        do throws(CurlError) {
            guard let running = try runningSession() else {
                return .answered(cacheLayer.settle(city, failure: .cancelled))
            }
            session = running
        } catch {
            return .answered(cacheLayer.settle(city, failure: .transport(error)))
        }
        var options = sessionConfiguration.requestDefaults
        options.limit = limit
        return .requested(session.request(url(for: city), options: options))
    }

    /// The result of a city's request: decoded, stored in the cache, or failed (with the
    /// stale fallback).
    func finish(_ city: City, _ outcome: Result<Response, any Error>) -> FetchResult {
        cacheLayer.settle(city, answer(outcome))
    }

    /// One city through the callback API: `completion` runs at once on the calling thread for
    /// an answer without a request, else on the request's handler queue, which decodes.
    func fetch(_ city: City, limit: ConcurrencyLimit?, completion: @escaping @Sendable (FetchResult) -> Void) {
        switch start(city, limit: limit) {
        case .answered(let result):
            completion(result)
        case .requested(let request):
            request.response { response in completion(self.finish(city, response.result)) }
        }
    }

    /// The session, made now if this is the first request; nil once the client has ended.
    private func runningSession() throws(CurlError) -> Session? {
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

    /// What a request's outcome says of the city: a forecast, or why not.
    private func answer(_ outcome: Result<Response, any Error>) -> CacheLayer.NetworkAnswer {
        let source = cacheLayer.networkSource
        switch outcome {
        case .success(let response):
            let info = FetchInfo(response: response, source: source)
            guard (200..<300).contains(response.status) else {
                return .init(outcome: .failure(.http(status: response.status, attempts: response.attempts)), info: info)
            }
            do throws(ForecastError) {
                return .init(outcome: .success((try ResponseDecoder.decode(response.body), response.body)), info: info)
            } catch {
                return .init(outcome: .failure(error), info: info)
            }
        case .failure(let error):
            let attempts = (error as? CurlError)?.attempts ?? 0
            return .init(outcome: .failure(forecastError(error)), info: FetchInfo(source: source, attempts: attempts))
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

    /// The failure of a city the deadline (`maxTime`) caught.
    private var deadlineError: ForecastError {
        let (seconds, attoseconds) = (configuration.maxTime ?? .zero).components
        return .deadline(seconds: Double(seconds) + Double(attoseconds) / 1e18)
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
