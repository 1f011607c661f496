import Dispatch

/// One HTTP request in flight, and the chain of handlers that will see its response.
///
/// A request starts the moment `Session.request` returns it. Handlers added with
/// `validate`, `responseData`, `responseString`, `responseDecodable` and `response` run one
/// after the other in the order they were added, whether they were added before or after the
/// request finished: each is a block on the request's own serial queue, which is created
/// inactive and activated when the outcome is known.
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
    }

    /// The URL as it was requested.
    public let url: String
    private let engine: Engine
    private let handlerQueue: DispatchQueue
    /// Set once by `finish`; handlers then read it, and `validate` may replace a success
    /// with its error.
    private let outcome = LockedValue<Outcome?>(nil)

    init(url: String, engine: Engine) {
        self.url = url
        self.engine = engine
        // The default global queue, not the overcommitting root queue that a queue without a
        // target runs on: fifty requests finishing at once then share a pool about the size of
        // the machine's cores instead of each waking a thread of its own, with its stack and
        // its malloc arena. libdispatch still adds threads to this pool when its workers block.
        handlerQueue = DispatchQueue(label: "CurlHTTP.Request", attributes: .initiallyInactive, target: .global())
    }

    deinit {
        // libdispatch refuses to free an inactive queue; a request that never finished (only
        // possible if its session could not take it) still lets its queue go cleanly.
        if outcome.withLock({ $0 == nil }) {
            handlerQueue.activate()
        }
    }

    /// True once the request has finished: its outcome is known (a cancelled one included).
    public var isFinished: Bool {
        outcome.withLock { $0 != nil }
    }

    /// Stops the transfer. Handlers see `CancellationError` unless the outcome was already known.
    public func cancel() {
        if finish(.failure(CancellationError(), attempts: 0)) {
            engine.cancel(self)
        }
    }

    /// Records the outcome and lets the handlers run; only the first call counts.
    @discardableResult
    func finish(_ result: Outcome) -> Bool {
        let first = outcome.withLock { outcome in
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        if first {
            handlerQueue.activate()
        }
        return first
    }

    /// Adds a block to the chain. It runs on the handler queue after every block added before
    /// it, outside the lock (so it may call back into the request), and may replace the outcome
    /// the later blocks see by returning a new one. The queue is serial and `finish` writes
    /// only while the outcome is nil, so nothing else writes between the read and the write.
    func enqueue(_ body: @escaping @Sendable (Outcome) -> Outcome?) {
        enqueue { outcome, _ in body(outcome) }
    }

    /// As `enqueue(_:)`, but the block also gets the handler queue, so that it can hold the
    /// chain (`suspend`) until work it hands to another queue is done (`resume`).
    func enqueue(_ body: @escaping @Sendable (Outcome, DispatchQueue) -> Outcome?) {
        let handlerQueue = self.handlerQueue
        handlerQueue.async {
            // The queue runs only after `finish` has stored an outcome.
            guard let current = self.outcome.withLock({ $0 }) else { return }
            if let replaced = body(current, handlerQueue) {
                self.outcome.withLock { $0 = replaced }
            }
        }
    }
}
