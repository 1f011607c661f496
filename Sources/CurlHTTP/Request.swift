import Dispatch

/// One HTTP request, and the chain of handlers that will see its response.
///
/// As in Alamofire 5, a request starts when its first response handler or async accessor is attached, or on
/// ``resume()``: until then modifiers such as ``authenticate(username:password:)`` and ``downloadProgress(_:)`` may be
/// chained. Once started, the session hands it to libcurl as soon as its host's pacing and its `ConcurrencyLimit`
/// allow; a modifier chained after that is a programming error, stopped by a precondition that says so. Handlers added
/// with `validate`, `responseData`, `responseString`, `responseDecodable` and `response` run one after the other in the
/// order they were added, whether they were added before or after the request finished: each is a block on the
/// request's own serial queue, which is created inactive and activated when the outcome is known.
public final class Request: Sendable {
    /// How the request ended: a response, or an error and how many attempts were made.
    enum Outcome: Sendable {
        case success(Response)
        /// The error, the response if one arrived complete (a refused status), and the attempts.
        case failure(any Error, response: Response?, attempts: Int)

        /// A failure after `attempts` attempts. The one place a `CurlError` made without
        /// knowing them (a multi-handle failure, a shutdown) is given the request's count.
        static func failure(_ error: any Error, attempts: Int) -> Outcome {
            guard var curlError = error as? CurlError else { return .failure(error, response: nil, attempts: attempts) }
            curlError.attempts = attempts
            return .failure(curlError, response: nil, attempts: attempts)
        }

        /// The response, or the error, as an async caller receives it.
        var result: Result<Response, any Error> {
            switch self {
            case .success(let response): .success(response)
            case .failure(let error, _, _): .failure(error)
            }
        }
    }

    /// An async caller with no handler before it, resumed by `finish` itself: it resumes its continuation. A closure of
    /// a non-generic type rather than the continuation, so that a request finishing with none waiting needs no generic
    /// type's metadata, whose first instantiation would cost the runtime a scan of every protocol conformance.
    typealias Waiter = @Sendable (Outcome) -> Void

    /// The request's life, one value, so that what it asks for, when it started, who waits and how it ended cannot
    /// disagree. Each case of it and of `Stage` holds one value of a named type: a case of several values, or of one
    /// labelled, holds a tuple, whose metadata the runtime would build from its mangled name in every run of a client.
    private enum Life {
        case unfinished(Unfinished)
        case finished(Finished)
    }

    private struct Unfinished {
        /// What it asks for: modifiers change it while it is described.
        var description: RequestDescription
        var stage: Stage
        /// The async callers `finish` resumes itself.
        var waiters: [Waiter] = []
    }

    private enum Stage {
        case described
        /// Handed to the session (``resume()``), waiting for its host's pacing or its limit.
        case submitted
        /// Its first attempt was handed to libcurl at this instant; a retry keeps it.
        case running(ContinuousClock.Instant)

        /// Not handed to the session yet: modifiers may change what it asks for.
        var isDescribed: Bool {
            if case .described = self { true } else { false }
        }

        var since: ContinuousClock.Instant? {
            if case .running(let since) = self { since } else { nil }
        }
    }

    private struct Finished {
        /// How it ended; `validate` handlers may replace it.
        var outcome: Outcome
        /// What was handed to the session; nil if never (cancelled before it started, or its parameters not encodable).
        let submitted: RequestDescription?
        /// When its first attempt was handed to libcurl; nil if it never was.
        var started: ContinuousClock.Instant?
    }

    private struct State {
        var life: Life
        /// True once a handler is on the queue: an async call after it must wait for it.
        var hasHandlers = false

        var outcome: Outcome? {
            if case .finished(let finished) = life { finished.outcome } else { nil }
        }
    }

    /// The URL as it was requested.
    public let url: String
    private let engine: Engine
    /// Internal, not private, so that a test (`@testable`) can hold the chain.
    let handlerQueue: DispatchQueue
    private let state: LockedValue<State>

    convenience init(url: String, engine: Engine, description: RequestDescription) {
        self.init(url: url, engine: engine, life: .unfinished(Unfinished(description: description, stage: .described)))
    }

    /// A request that failed before it could ask for anything (its parameters could not be
    /// encoded): finished from the start, its handlers run as they are added.
    convenience init(url: String, engine: Engine, failed outcome: Outcome) {
        self.init(url: url, engine: engine, life: .finished(Finished(outcome: outcome, submitted: nil)))
    }

    private init(url: String, engine: Engine, life: Life) {
        self.url = url
        self.engine = engine
        state = LockedValue(State(life: life))
        // The default global queue, not the overcommitting root queue a queue without a target runs on: fifty requests
        // finishing at once share a pool about the size of the machine's cores instead of each waking a thread of its
        // own, with its stack and malloc arena. libdispatch still adds threads to this pool when its workers block.
        handlerQueue = DispatchQueue(label: "CurlHTTP.Request", attributes: .initiallyInactive, target: .global())
        if case .finished = life { handlerQueue.activate() }
    }

    deinit {
        // libdispatch refuses to free an inactive queue; a request that never finished (never
        // started, or its session could not take it) still lets its queue go cleanly.
        if !isFinished {
            handlerQueue.activate()
        }
    }

    /// True once the request has finished: its outcome is known (a cancelled one included).
    public var isFinished: Bool {
        state.withLock { $0.outcome != nil }
    }

    /// When the request's first attempt was handed to libcurl, by the session's clock; nil while it still waits for its
    /// host's pacing or its `ConcurrencyLimit`. A caller that gives a request a few seconds before it tries elsewhere
    /// counts them from here, not from when it queued the request behind a hundred others.
    package var started: ContinuousClock.Instant? {
        state.withLock { state in
            switch state.life {
            case .unfinished(let unfinished): unfinished.stage.since
            case .finished(let finished): finished.started
            }
        }
    }

    /// Records the first attempt's start; the engine's thread calls it.
    func markStarted(at now: ContinuousClock.Instant) {
        state.withLock { state in
            switch state.life {
            case .unfinished(var unfinished):
                guard case .submitted = unfinished.stage else { return }
                unfinished.stage = .running(now)
                state.life = .unfinished(unfinished)
            case .finished(var finished):
                // Cancelled by another thread as the engine attached it: it started all the same.
                guard finished.submitted != nil, finished.started == nil else { return }
                finished.started = now
                state.life = .finished(finished)
            }
        }
    }

    /// Calls `body` with the outcome on the thread that finishes the request (the session's), or at once on the calling
    /// thread if it has finished: no queue, no task. `body` must be quick and must not block: it runs on the thread
    /// that drives every transfer of the session. It sees the outcome itself, not what handlers make of it.
    package func whenFinished(_ body: @escaping @Sendable (Result<Response, any Error>) -> Void) {
        _ = addWaiter { body($0.result) }
    }

    /// How many async callers wait to be resumed directly by `finish`; for tests.
    var directWaiters: Int {
        state.withLock { state in
            if case .unfinished(let unfinished) = state.life { unfinished.waiters.count } else { 0 }
        }
    }

    /// Stops the request. Handlers see `CancellationError` unless the outcome was known; one not started never will be.
    public func cancel() {
        // One not handed to the session yet is not the engine's to drop.
        if finish(.failure(CancellationError(), attempts: 0)) { engine.cancel(self) }
    }

    /// Starts the request: hands it to the session, which sends it as soon as its host's pacing and its limit allow.
    /// The first response handler or async accessor does it too; a second call does nothing.
    @discardableResult
    public func resume() -> Self {
        let taken = state.withLock { state -> RequestDescription? in
            guard case .unfinished(var unfinished) = state.life, unfinished.stage.isDescribed else { return nil }
            let asked = unfinished.description
            if asked.uploadProgress != nil || asked.downloadProgress != nil {
                unfinished.description.progress = ProgressReporter(upload: asked.uploadProgress, download: asked.downloadProgress)
            }
            unfinished.stage = .submitted
            state.life = .unfinished(unfinished)
            return unfinished.description
        }
        guard let description = taken else { return self }
        if !engine.submit(self, description) {
            finish(.failure(CancellationError(), attempts: 0))
        }
        return self
    }

    /// Answers an authentication challenge with `username` and `password`: libcurl asks without them first, then uses
    /// the safest method the server offers, Basic or Digest, as `curl --anyauth` does. A 401 after they were sent fails
    /// the request with ``CurlError/Kind/authenticationFailed``, which is never retried. The password appears in no
    /// error and no description (``cURLDescription()`` writes `-u user:****`).
    ///
    /// Chain it before the request starts: after, it is a programming error (a precondition).
    @discardableResult
    public func authenticate(username: String, password: String) -> Self {
        modify("authenticate(username:password:)") { $0.credential = RequestDescription.Credential(user: username, password: password) }
        return self
    }

    /// Calls `handler` with the bytes of the body sent so far and its size, as they leave: on a serial queue of the
    /// request's, at most about ten times a second, and once more when the request ends. `completed` never decreases;
    /// the last call has `completed == total` for a body sent whole. Chain it before the request starts.
    @discardableResult
    public func uploadProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        modify("uploadProgress(_:)") { $0.uploadProgress = handler }
        return self
    }

    /// Calls `handler` with the bytes of the response's body received so far and its
    /// `Content-Length` (nil when the server sends none), as ``uploadProgress(_:)`` does.
    @discardableResult
    public func downloadProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        modify("downloadProgress(_:)") { $0.downloadProgress = handler }
        return self
    }

    /// A `curl` command line that makes the same request, shell-quoted: the method, the headers, the body
    /// (`--data-binary`), the user (its password as `****`), the timeouts, the redirects, the proxy, the trusted CAs
    /// and the URL. Pasted into a shell, it asks the same server the same question.
    public func cURLDescription() -> String {
        let description = state.withLock { state -> RequestDescription? in
            switch state.life {
            case .unfinished(let unfinished): unfinished.description
            case .finished(let finished): finished.submitted
            }
        }
        guard let description else { return "curl " + CurlCommand.quoted(url) }
        return CurlCommand.line(for: description)
    }

    /// Changes what the request asks for, before it starts; `modifier` names the call in the precondition's message.
    func modify(_ modifier: String, _ change: (inout RequestDescription) -> Void) {
        state.withLock { state in
            switch state.life {
            case .unfinished(var unfinished) where unfinished.stage.isDescribed:
                change(&unfinished.description)
                state.life = .unfinished(unfinished)
            case .finished(let finished) where finished.submitted == nil:
                // Ended before it was handed to the session: there is nothing left to change.
                break
            case .unfinished, .finished:
                preconditionFailure(
                    "CurlHTTP: \(modifier) was chained after the request started; chain it before the first response handler, async accessor or resume()")
            }
        }
    }

    /// Records the outcome, resumes the async callers waiting for it directly, and lets the handlers run; only the
    /// first call counts. True if this call finished a request that had been handed to the session.
    @discardableResult
    func finish(_ result: Outcome) -> Bool {
        let previous = state.withLock { state -> Life in
            let previous = state.life
            if case .unfinished(let unfinished) = previous {
                let submitted = unfinished.stage.isDescribed ? nil : unfinished.description
                state.life = .finished(Finished(outcome: result, submitted: submitted, started: unfinished.stage.since))
            }
            return previous
        }
        guard case .unfinished(let unfinished) = previous else { return false }
        // A stream's consumer hears of the end in any stage (even cancelled before the start), or waits forever.
        let description = unfinished.description
        description.progress?.finish()
        switch result {
        case .success: description.stream?.finish(.success(()))
        case .failure(let error, _, _): description.stream?.finish(.failure(error))
        }
        // Resuming a continuation runs no code of the caller's here: it schedules the waiting task on its executor.
        for waiter in unfinished.waiters {
            waiter(result)
        }
        handlerQueue.activate()
        return !unfinished.stage.isDescribed
    }

    /// Calls `waiter` with the outcome, at once if the request has finished, else from
    /// `finish` (and starts the request). With `unlessBehindHandlers`, returns false and does
    /// nothing if a handler was added first (checked under the same lock as the waiter is
    /// added): an async caller then waits behind it in the chain, to see what it made of the outcome.
    func addWaiter(unlessBehindHandlers: Bool = false, _ waiter: @escaping Waiter) -> Bool {
        var outcome: Outcome?
        let waits = state.withLock { state -> Bool in
            if unlessBehindHandlers, state.hasHandlers { return false }
            switch state.life {
            case .finished(let finished):
                outcome = finished.outcome
            case .unfinished(var unfinished):
                unfinished.waiters.append(waiter)
                state.life = .unfinished(unfinished)
            }
            return true
        }
        guard waits else { return false }
        if let outcome {
            waiter(outcome)
        } else {
            resume()
        }
        return true
    }

    /// Adds a block to the chain. It runs on the handler queue after every block added before it, outside the lock (so
    /// it may call back into the request), and may replace the outcome the later blocks see by returning a new one. The
    /// queue is serial and `finish` writes only while the request is unfinished, so nothing else writes the outcome
    /// between the read and the write. The block also gets the handler queue, so that it can hold the chain (`suspend`)
    /// until work it hands to another queue is done (`resume`).
    func enqueue(_ body: @escaping @Sendable (Outcome, DispatchQueue) -> Outcome?) {
        let handlerQueue = self.handlerQueue
        // Queued under the lock, so that an async call on another thread either sees this
        // handler and queues behind it, or comes first and is resumed without it.
        state.withLock { state in
            state.hasHandlers = true
            handlerQueue.async {
                // The queue runs only after `finish` has stored an outcome.
                guard let current = self.state.withLock({ $0.outcome }) else { return }
                if let replaced = body(current, handlerQueue) {
                    self.state.withLock { state in
                        guard case .finished(var finished) = state.life else { return }
                        finished.outcome = replaced
                        state.life = .finished(finished)
                    }
                }
            }
        }
        resume()
    }
}
