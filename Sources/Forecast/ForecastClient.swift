import CurlHTTP
import Dispatch
import Synchronization
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
    public let configuration: ClientConfiguration
    private let session: Session

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
            retry: retry)
        let interval = configuration.interval
            ?? (configuration.hostName == "weather.tsukumijima.net" ? ClientConfiguration.publicAPIInterval : .zero)
        let pacing = Pacing(intervals: [configuration.hostName: interval])
        session = Session(configuration: SessionConfiguration(requestDefaults: options, pacing: pacing))
    }

    /// The API URL of a city's forecast.
    public func url(for city: City) -> String {
        "\(configuration.baseURL)/api/forecast/city/\(city.id)"
    }

    /// Ends every request in flight; their results are `ForecastError.cancelled`.
    public func cancelAll() {
        session.shutdown()
    }

    // MARK: One city

    /// Fetches one city (or reads it from the cache) and calls `completion`: on a private
    /// queue, or at once on the calling thread for a cache hit.
    public func fetch(_ city: City, completion: @escaping @Sendable (FetchResult) -> Void) {
        start(city, completion: completion)
    }

    /// Fetches one city. Cancelling the task cancels the request; the result is then
    /// `ForecastError.cancelled`.
    public func fetch(_ city: City) async -> FetchResult {
        let inFlight = InFlightRequest()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                inFlight.set(start(city) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            inFlight.cancel()
        }
    }

    /// Starts fetching one city; returns the request, or nil when the cache answered.
    @discardableResult
    private func start(_ city: City, completion: @escaping @Sendable (FetchResult) -> Void) -> Request? {
        let cache = configuration.cache
        let host = configuration.hostKey
        if let cache, let body = cache.read(host: host, cityID: city.id),
           let forecast = try? ResponseDecoder.decode(body) {
            completion(FetchResult(city: city, outcome: .success(forecast), info: FetchInfo(source: .cache, bytes: body.count)))
            return nil
        }
        let source: FetchInfo.Source = cache?.mode == .normal ? .network : .networkOnly
        return session.request(url(for: city)).validate().responseData { response in
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
                outcome = .failure(ForecastError(transportError: error))
            }
            completion(FetchResult(city: city, outcome: outcome, info: info))
        }
    }

    // MARK: Many cities

    /// Fetches the cities one after the other, exactly as a `DispatchGroup` does it: `enter()`,
    /// start the request, `leave()` in its completion, `wait()` before the next city. Each result
    /// is handed to `deliver` on the calling thread before the next request starts.
    public func fetchSequentially(_ cities: [City], deliver: (FetchResult) -> Void) {
        let group = DispatchGroup()
        let slot = Mutex<FetchResult?>(nil)
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
    /// are done: a slow city holds back only the cities after it.
    public func fetchInParallel(_ cities: [City], jobs: Int, deliver: (FetchResult) -> Void) {
        let run = ParallelRun(count: cities.count)
        let jobs = max(1, jobs)
        // Starts city `index`; its completion starts the next city not yet started.
        let start = ParallelStarter(cities: cities, jobs: jobs, client: self, run: run)
        start.begin()
        var next = 0
        while next < cities.count {
            run.ready.wait()
            for result in run.takeReady(from: next) {
                deliver(result)
                next += 1
            }
        }
    }

    /// The results of `cities` in input order, fetched with at most `jobs` in flight (1 for
    /// one after the other).
    public func results(for cities: [City], jobs: Int) -> AsyncStream<FetchResult> {
        AsyncStream { continuation in
            let thread = DispatchQueue(label: "ForecastClient.results")
            thread.async {
                self.fetchInParallel(cities, jobs: jobs) { continuation.yield($0) }
                continuation.finish()
            }
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

/// The request of an async fetch, for its task's cancellation handler, which may run before
/// the request exists (then the request is cancelled as soon as it is set).
final class InFlightRequest: Sendable {
    private let state = Mutex<(request: Request?, cancelled: Bool)>((nil, false))

    func set(_ request: Request?) {
        let cancelled = state.withLock { state in
            state.request = request
            return state.cancelled
        }
        if cancelled { request?.cancel() }
    }

    func cancel() {
        let request = state.withLock { state in
            state.cancelled = true
            return state.request
        }
        request?.cancel()
    }
}

/// The shared state of one parallel run: a slot per city, and a semaphore the delivering
/// thread waits on, signalled once per finished city.
final class ParallelRun: Sendable {
    let ready = DispatchSemaphore(value: 0)
    private let slots: Mutex<[FetchResult?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func store(_ result: FetchResult, at index: Int) {
        slots.withLock { $0[index] = result }
        ready.signal()
    }

    /// The finished results from `index` on, up to the first city not finished yet.
    func takeReady(from index: Int) -> [FetchResult] {
        slots.withLock { slots in
            var taken: [FetchResult] = []
            var i = index
            while i < slots.count, let result = slots[i] {
                taken.append(result)
                slots[i] = nil
                i += 1
            }
            return taken
        }
    }
}

/// Starts the cities of a parallel run in input order, keeping at most `jobs` in flight.
final class ParallelStarter: Sendable {
    private let cities: [City]
    private let jobs: Int
    private let client: ForecastClient
    private let run: ParallelRun
    private let nextIndex = Mutex(0)

    init(cities: [City], jobs: Int, client: ForecastClient, run: ParallelRun) {
        self.cities = cities
        self.jobs = jobs
        self.client = client
        self.run = run
    }

    func begin() {
        for _ in 0..<min(jobs, cities.count) {
            startNext()
        }
    }

    private func startNext() {
        let index: Int? = nextIndex.withLock { next in
            guard next < cities.count else { return nil }
            defer { next += 1 }
            return next
        }
        guard let index else { return }
        client.fetch(cities[index]) { result in
            self.run.store(result, at: index)
            self.startNext()
        }
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
        default:
            self = .transport("\(error)")
        }
    }
}
