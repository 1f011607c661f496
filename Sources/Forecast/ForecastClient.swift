import CurlHTTP
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches forecasts through one CurlHTTP session, so that every request shares its connections, behind the cache: the
/// API's 3-day forecast, and the weather agency's own file for the week ahead and in the API's place when it fails.
///
/// One way through: ``results(for:jobs:)``, an asynchronous sequence of the cities' results in input order
/// (``weeks(for:jobs:)`` for the week), over one fetch core that every source shares; ``fetch(_:)``,
/// ``fetchSequentially(_:deliver:)`` and ``fetchInParallel(_:jobs:deliver:)`` are short adapters over it.
///
/// One city's failure is that city's result and never ends a run. Transient failures (connect errors but a refusal, timeouts, resets,
/// 408/429/5xx, and the API's "Request to JMA API failed") are retried by the session's policy; the public API and the
/// agency's site are paced at 0.5 s between requests.
public final class ForecastClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: ClientConfiguration
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

    /// Creates a client. Its CurlHTTP session (one thread) is made by the first fetch the cache does not answer; if it
    /// cannot be made (libcurl missing, no thread), that fetch fails with the `CurlError` as a transport error.
    public init(configuration: ClientConfiguration = ClientConfiguration()) {
        self.configuration = configuration
        deadline = configuration.maxTime.map { ContinuousClock.now + $0 }
    }

    /// What the session is made with, and every request's defaults: made with the session, since a run the cache
    /// answers makes neither (the hosts' pacing is a dictionary, the headers another).
    var sessionConfiguration: SessionConfiguration {
        let options = RequestOptions(
            timeout: configuration.timeout,
            connectTimeout: min(configuration.timeout, .seconds(10)),
            maxBodySize: 1 << 20,
            userAgent: configuration.userAgent,
            headers: ["Accept": "application/json"],
            retry: RetryPolicy(maxRetries: configuration.retries),
            trust: configuration.trust,
            // The bodies are 4–40 KB: half libcurl's default buffer still reads most in a go,
            // and fifty transfers in flight hold less memory.
            receiveBufferSize: 8 << 10,
            deadline: deadline)
        return SessionConfiguration(requestDefaults: options, pacing: configuration.pacing)
    }

    /// A source as the client holds it: with its cache layer, and the stale copies of `--stale-if-error`.
    func feed(_ source: some FileSource) -> Feed {
        Feed(source, cache: configuration.cache, staleIfError: configuration.staleIfError)
    }

    /// Ends the client for good: every request in flight ends as `ForecastError.cancelled`,
    /// and so does every later fetch that the cache does not answer.
    public func invalidateAndCancel() {
        let session = lifecycle.withLock { state -> Session? in
            guard case .running(let session) = state else {
                if case .idle = state { state = .ended(nil) }
                return nil
            }
            state = .ended(session)
            return session
        }
        session?.invalidateAndCancel()
    }

    /// Ends the client as ``invalidateAndCancel()`` does, then suspends until its session's thread has closed every
    /// connection and freed every libcurl and TLS handle. Blocks no thread. Waiting is always for an end this call
    /// itself brings about: there is no way to wait for a client that nobody ends.
    public func shutdown() async {
        invalidateAndCancel()
        let session = lifecycle.withLock { state -> Session? in
            if case .ended(let session) = state { return session }
            return nil
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

    // MARK: Shared by every path

    /// The session, made now if this is the first request; nil once the client has ended.
    ///
    /// The session is made outside the lock (it loads libcurl and starts a thread): another thread asking meanwhile is
    /// not held up. If two make one at once, the first to return keeps its session and the other ends its own.
    func runningSession() throws(CurlError) -> Session? {
        // nil while idle; nil inside once ended.
        let current = lifecycle.withLock { state -> Session?? in
            switch state {
            case .running(let session): session
            case .ended: .some(nil)
            case .idle: nil
            }
        }
        if let current { return current }
        let made = try Session(configuration: sessionConfiguration)
        let kept = lifecycle.withLock { state -> Session? in
            switch state {
            case .running(let session): return session
            case .ended: return nil
            case .idle:
                state = .running(made)
                return made
            }
        }
        if kept !== made { made.invalidateAndCancel() }
        return kept
    }

    /// A request for `url`, waiting its turn of `limit`, retried also when `transient` says so of a response; or, when
    /// there can be none (the deadline has passed, the client has ended), why not.
    func request(_ url: String, limit: ConcurrencyLimit?, transient: (@Sendable (Response) -> Bool)? = nil) -> Result<Request, ForecastError> {
        if isPastDeadline { return .failure(deadlineError) }
        do throws(CurlError) {
            guard let session = try runningSession() else { return .failure(.cancelled) }
            var options = session.configuration.requestDefaults
            options.limit = limit
            options.retry.retryableResponse = transient
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
        .deadline(seconds: (configuration.maxTime ?? .zero).seconds)
    }

    /// What a request's outcome says: the body of a 2xx response, or why not, with the transfer's numbers.
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

    /// How long a file waits for another process that is fetching it: as long as its own fetch could take, the deadline
    /// (`maxTime`) or one timeout per attempt, whichever comes first.
    ///
    /// When the limit passes with the deadline still ahead, the file is fetched anyway, without the lock. A holder that
    /// has outlasted a whole fetch of its own is stuck (stopped with Ctrl-Z, or waiting in turn for a lock this process
    /// holds), and may stay so for good: a second request costs less than a status bar that shows a failure until the
    /// holder ends. When the deadline passes first, the city fails as its own fetch would have.
    var lockWaitLimit: ContinuousClock.Instant {
        let ownFetch = configuration.clock.now + configuration.timeout * (max(0, configuration.retries) + 1)
        return deadline.map { min($0, ownFetch) } ?? ownFetch
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
