import CurlHTTP
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches forecasts: one city, or many one after the other or in parallel, through one
/// CurlHTTP session (so all of them share connections) and the cache.
///
/// One city's failure is that city's result and never ends a run. Transient failures
/// (connect errors, timeouts, 408/429/5xx, and the API's "Request to JMA API failed") are
/// retried by the session's policy; the public API is paced at 0.5 s between requests.
public final class ForecastClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: ClientConfiguration
    /// What the session is made with, and every request's defaults.
    let sessionConfiguration: SessionConfiguration
    /// The CurlHTTP session, made by the first request that needs the network: a run the
    /// cache answers entirely never initialises libcurl or starts the session's thread.
    private let sessionState = LockedValue<SessionState>(.notStarted)
    /// Once set (``expire(with:)``), every fetch not finished fails with this error.
    private let expiry = LockedValue<ForecastError?>(nil)

    /// Where the client's session stands.
    private enum SessionState {
        case notStarted
        case running(Session)
        /// Ended by ``invalidateAndCancel()`` or ``expire(with:)``, with the session if one was made.
        case ended(Session?)
    }

    /// Creates a client. Its CurlHTTP session (one thread) is made by the first fetch the cache
    /// does not answer, and lives as long as the client; if it cannot be made (libcurl out of
    /// memory, no thread), that fetch fails with the `CurlError` as a transport error.
    public init(configuration: ClientConfiguration = ClientConfiguration()) {
        self.configuration = configuration
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
            // The API's bodies are 4-7 KB: half libcurl's default buffer still reads one in a
            // go, and 50 transfers in flight hold 400 KB less (Benchmarks/startup.sh).
            receiveBufferSize: 8 << 10)
        sessionConfiguration = SessionConfiguration(requestDefaults: options, pacing: configuration.pacing)
    }

    /// The session, made now if this is the first request; nil once the client has ended.
    private func session() throws(CurlError) -> Session? {
        try sessionState.withLock { (state: inout SessionState) throws(CurlError) -> Session? in
            switch state {
            case .running(let session):
                return session
            case .ended:
                return nil
            case .notStarted:
                let session = try Session(configuration: sessionConfiguration)
                state = .running(session)
                return session
            }
        }
    }

    /// True once a request has made the client's session (for the tests of its laziness).
    var hasStartedSession: Bool {
        madeSession != nil
    }

    /// The session, if a request has made one (running or ended).
    private var madeSession: Session? {
        sessionState.withLock { state in
            switch state {
            case .running(let session), .ended(let session?): session
            case .notStarted, .ended(nil): nil
            }
        }
    }

    /// Ends the session if one was made, and keeps any later request from making one.
    private func endSession() {
        let session = sessionState.withLock { (state: inout SessionState) -> Session? in
            switch state {
            case .notStarted:
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

    /// For the command: asks that the process's exit skip the TLS library's clean-up, which
    /// frees one by one what the exit frees at once. Call it first thing in `main`, before
    /// any client exists (CurlHTTP's `CurlGlobal.skipTLSCleanupAtExit()` says why and when it
    /// does nothing). The command reaches libcurl only through this library.
    package static func skipTLSCleanupAtExit() {
        CurlGlobal.skipTLSCleanupAtExit()
    }

    /// The API URL of a city's forecast.
    public func url(for city: City) -> String {
        "\(configuration.baseURL)/api/forecast/city/\(city.id)"
    }

    /// Ends the client for good: every request in flight ends as `ForecastError.cancelled`,
    /// and so does every later fetch that the cache does not answer.
    public func invalidateAndCancel() {
        endSession()
    }

    /// Suspends until the client's session has ended, after ``invalidateAndCancel()``: its
    /// thread has closed every connection and freed every libcurl and TLS handle. Blocks no
    /// thread.
    public func waitUntilInvalidated() async {
        await madeSession?.waitUntilInvalidated()
    }

    /// Ends the client for good: every request in flight, waiting for its turn or backing off
    /// before a retry, and every later fetch, fails with `error` (`.deadline` for
    /// `--max-time`). A result already finished keeps its outcome.
    public func expire(with error: ForecastError) {
        expiry.withLock { if $0 == nil { $0 = error } }
        endSession()
    }

    // MARK: One city

    /// Fetches one city (or reads it from the cache) and calls `completion`: on a private
    /// queue, or at once on the calling thread for a cache hit.
    public func fetch(_ city: City, completion: @escaping @Sendable (FetchResult) -> Void) {
        start(city, completion: completion)
    }

    /// Fetches one city. Cancelling the task cancels the request; the result is then
    /// `ForecastError.cancelled`. A layer over ``results(for:jobs:)``.
    public func fetch(_ city: City) async -> FetchResult {
        for await result in results(for: [city], jobs: 1) {
            return result
        }
        // The stream ended without a result: its task was cancelled.
        return FetchResult(city: city, outcome: .failure(.cancelled), info: FetchInfo(source: .network))
    }

    /// Starts fetching one city; returns the request, or nil when the cache answered.
    ///
    /// With a `limit`, the request waits for its turn among the requests sharing it (the
    /// session's thread starts the next one the moment one ends). The body is decoded on the
    /// default global queue, off the request's own queue, and `completion` is called there.
    @discardableResult
    func start(
        _ city: City, limit: ConcurrencyLimit? = nil, completion: @escaping @Sendable (FetchResult) -> Void
    ) -> Request? {
        let cache = configuration.cache
        let host = configuration.endpoint.authority
        if let error = expiry.withLock({ $0 }) {
            let stale = configuration.staleIfError.flatMap { maxAge in
                cache.flatMap { Self.staleCopy(of: city, in: $0, host: host, maxAge: maxAge, error: error) }
            }
            completion(stale ?? FetchResult(city: city, outcome: .failure(error), info: FetchInfo(source: .network)))
            return nil
        }
        if let cache, let body = cache.read(host: host, cityID: city.id),
           let forecast = try? ResponseDecoder.decode(body) {
            completion(FetchResult(city: city, outcome: .success(forecast), info: FetchInfo(source: .cache, bytes: body.count)))
            return nil
        }
        let source: FetchInfo.Source = switch cache?.mode {
        case .normal: .network
        case .refresh: .refreshed
        case .disabled, nil: .networkOnly
        }
        let session: Session
        do throws(CurlError) {
            guard let started = try self.session() else {
                completion(FetchResult(city: city, outcome: .failure(expiry.withLock { $0 } ?? .cancelled), info: FetchInfo(source: source)))
                return nil
            }
            session = started
        } catch {
            completion(FetchResult(city: city, outcome: .failure(ForecastError(transportError: error)), info: FetchInfo(source: source)))
            return nil
        }
        var options = sessionConfiguration.requestDefaults
        options.limit = limit
        let request = session.request(url(for: city), options: options)
        return request.validate().responseData(queue: .global()) { [expiry, staleIfError = configuration.staleIfError] response in
            let info = Self.info(of: response, source: source)
            let outcome: Result<CityForecast, ForecastError>
            switch response.result {
            case .success(let body):
                do throws(ForecastError) {
                    outcome = .success(try ResponseDecoder.decode(body))
                    cache?.write(host: host, cityID: city.id, body: body)
                } catch {
                    outcome = .failure(error)
                }
            case .failure(let error):
                let failure = ForecastError(transportError: error)
                // The cancellation of an expired client is its expiry.
                outcome = .failure(failure == .cancelled ? expiry.withLock { $0 } ?? failure : failure)
            }
            if case .failure(let error) = outcome, let staleIfError, let cache,
               let copy = Self.staleCopy(of: city, in: cache, host: host, maxAge: staleIfError, error: error) {
                completion(copy)
                return
            }
            completion(FetchResult(city: city, outcome: outcome, info: info))
        }
    }

    /// The result of a failed fetch with the cache's copy fetched within `maxAge` in its place,
    /// or nil if there is none that decodes. A cancelled fetch (Ctrl-C) gets none.
    private static func staleCopy(
        of city: City, in cache: ForecastCache, host: String, maxAge: Duration, error: ForecastError
    ) -> FetchResult? {
        guard error != .cancelled,
              let (body, fetched) = cache.readStale(host: host, cityID: city.id, maxAge: maxAge),
              let forecast = try? ResponseDecoder.decode(body)
        else { return nil }
        let stale = StaleCopy(error: error, fetched: fetched, age: cache.currentTime - fetched)
        return FetchResult(
            city: city, outcome: .success(forecast), info: FetchInfo(source: .cache, bytes: body.count), stale: stale)
    }

    // MARK: Many cities

    /// Fetches the cities one after the other, exactly as a `DispatchGroup` does it: `enter()`,
    /// start the request, `leave()` in its completion, `wait()` before the next city. Each result
    /// is handed to `deliver` on the calling thread before the next request starts.
    public func fetchSequentially(_ cities: [City], deliver: (FetchResult) -> Void) {
        let group = DispatchGroup()
        let slot = LockedValue<FetchResult?>(nil)
        for city in cities {
            group.enter()
            fetch(city) { result in
                slot.withLock { $0 = result }
                group.leave()
            }
            group.wait()
            if let result = slot.withLock({ $0.take() }) {
                deliver(result)
            }
        }
    }

    /// Fetches the cities with at most `jobs` requests in flight, and hands each result to
    /// `deliver` on the calling thread in input order, as soon as it and every city before it
    /// are done: a slow city holds back only the cities after it. A blocking layer over the
    /// core (`OrderedFetch`): the core's results queue up, and this thread takes them.
    public func fetchInParallel(_ cities: [City], jobs: Int, deliver: (FetchResult) -> Void) {
        let arrived = LockedValue<[FetchResult]>([])
        let ready = DispatchSemaphore(value: 0)
        let fetch = OrderedFetch(cities: cities, jobs: jobs, client: self, deliver: { result in
            arrived.withLock { $0.append(result) }
            ready.signal()
        })
        fetch.start()
        for _ in cities.indices {
            ready.wait()
            deliver(arrived.withLock { $0.removeFirst() })
        }
    }

    /// The results of `cities` in input order, fetched with at most `jobs` in flight (1 for
    /// one after the other). Ending the stream early (or cancelling its consumer) cancels the
    /// requests still in flight and starts no more. The core itself (`OrderedFetch`) yields
    /// from the thread each result arrives on: no queue of its own, no blocked thread.
    public func results(for cities: [City], jobs: Int) -> AsyncStream<FetchResult> {
        AsyncStream { continuation in
            let fetch = OrderedFetch(
                cities: cities, jobs: jobs, client: self,
                deliver: { continuation.yield($0) }, finished: { continuation.finish() })
            continuation.onTermination = { _ in fetch.stop() }
            fetch.start()
        }
    }

    private static func info(of response: DataResponse<Data>, source: FetchInfo.Source) -> FetchInfo {
        guard let http = response.response else {
            return FetchInfo(source: source, attempts: response.attempts)
        }
        let metrics = http.metrics
        return FetchInfo(
            source: source, status: http.status, bytes: http.body.count, attempts: http.attempts,
            httpVersion: http.httpVersion.rawValue, nameLookup: metrics.nameLookup, connect: metrics.connect,
            tlsHandshake: metrics.tlsHandshake, firstByte: metrics.firstByte, total: metrics.total,
            connectionReused: metrics.connectionReused)
    }
}

extension ForecastError {
    /// The error of a failed request, in the CLI's words.
    init(transportError error: any Error) {
        switch error {
        case let status as StatusCodeError:
            self = .http(status: status.status, attempts: status.attempts)
        case is CancellationError:
            self = .cancelled
        case let curlError as CurlError:
            self = .transport(curlError)
        default:
            self = .other("\(error)")
        }
    }
}
