import CurlHTTP

/// What moves a run's files on, posted from any thread and taken by the run's consumer.
enum RunEvent: Sendable {
    /// A file's request has ended (posted from the session's thread, as it ends).
    case arrived(file: String, Result<Response, any Error>)
    /// The wait for another process's lock on a file has ended: what the file comes to now.
    case lockWaitEnded(file: String, CacheLayer.Turn)
    /// A moment the run asked to be woken at (a city's hedge) has come.
    case tick
    /// The consuming task was cancelled.
    case cancelled
}

/// The events of one run, in the order they were posted: the one place other threads reach a
/// run, whose state only its consumer touches.
///
/// A request's end is posted by the session's thread itself (`Request.whenFinished`), which resumes the waiting
/// consumer directly: a city's answer moves between threads only twice, to the session's thread and back, and is stored
/// (and its lock let go) as soon as the consumer has it, whichever city it is printing.
final class RunEvents: Sendable {
    private struct State {
        var events: [RunEvent] = []
        /// Resumes the consumer, when `waiting`. A closure of a non-generic type rather than the continuation, so that
        /// the state's layout needs no generic type's metadata (nor an optional's: the flag says whether it is set).
        var waiter: @Sendable () -> Void = {}
        var waiting = false
    }

    private let state = LockedValue(State())

    /// Adds an event, and wakes the consumer if it is waiting.
    func post(_ event: RunEvent) {
        let (waiting, waiter) = state.withLock { state -> (Bool, @Sendable () -> Void) in
            state.events.append(event)
            defer { (state.waiting, state.waiter) = (false, {}) }
            return (state.waiting, state.waiter)
        }
        if waiting { waiter() }
    }

    /// Every event posted since the last call, waiting for one if there are none. Cancelling
    /// the task posts ``RunEvent/cancelled``.
    func next() async -> [RunEvent] {
        while true {
            let events = state.withLock { state in
                defer { state.events.removeAll(keepingCapacity: true) }
                return state.events
            }
            if !events.isEmpty { return events }
            // A throwing continuation, though it never throws: its error type is `any Error`, as a request's async
            // bridge has it, where `Never`'s would cost the first run a search of the binary's conformances for `Never:
            // Error`. (`do`, not `try?`: an optional of the result would be one more type to make.)
            do {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let ready = state.withLock { state -> Bool in
                            guard state.events.isEmpty else { return true }
                            (state.waiting, state.waiter) = (true, { continuation.resume() })
                            return false
                        }
                        if ready { continuation.resume() }
                    }
                } onCancel: {
                    post(.cancelled)
                }
            } catch {
                // Nothing resumes the continuation with an error.
            }
        }
    }
}
