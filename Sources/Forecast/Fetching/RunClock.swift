import CurlHTTP
import Dispatch

/// Where a run's own timers come from: the hedge's tick and the pauses of a wait for another
/// process's lock. The system's continuous clock, unless a test gives the client one that moves
/// only when told, so that the hedge is tested by moving the clock rather than by waiting.
///
/// A clock gives one thing, a timer (``timer(at:_:)``); a sleep is a timer awaited (``sleep(until:)``).
///
/// Its instants are the continuous clock's, which the session's requests are timed by (`Request.started`, the
/// deadline): a clock given for a test starts at the continuous clock's present and only moves forward.
protocol RunClock: Sendable {
    var now: ContinuousClock.Instant { get }
    /// Calls `fire` once, when `now` reaches `instant` (or later), unless the timer is cancelled first.
    func timer(at instant: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> RunTimer
}

/// A timer of a ``RunClock``: `cancel()` keeps it from firing, if it has not yet.
struct RunTimer: Sendable {
    let cancel: @Sendable () -> Void
}

extension RunClock {
    /// Suspends until `now` reaches `instant`, on a timer of the clock; throws `CancellationError` when the task is
    /// cancelled first, the timer then cancelled.
    func sleep(until instant: ContinuousClock.Instant) async throws {
        let sleep = LockedValue(RunSleep())
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = sleep.withLock { sleep in
                    if !sleep.cancelled { sleep.continuation = continuation }
                    return sleep.cancelled
                }
                guard !cancelled else { return continuation.resume(throwing: CancellationError()) }
                let timer = self.timer(at: instant) { sleep.withLock { $0.continuation.take() }?.resume() }
                // A cancellation that came before the timer was kept could not cancel it.
                if sleep.withLock({ sleep in sleep.timer = timer; return sleep.cancelled }) { timer.cancel() }
            }
        } onCancel: {
            let (continuation, timer) = sleep.withLock { sleep in
                sleep.cancelled = true
                return (sleep.continuation.take(), sleep.timer)
            }
            timer?.cancel()
            continuation?.resume(throwing: CancellationError())
        }
    }
}

/// Where a ``RunClock/sleep(until:)`` stands: the task's continuation until the timer or a cancellation takes it.
private struct RunSleep {
    var continuation: CheckedContinuation<Void, any Error>?
    var timer: RunTimer?
    var cancelled = false
}

/// The system's continuous clock.
struct SystemRunClock: RunClock {
    var now: ContinuousClock.Instant { .now }

    /// A dispatch timer, not a task's sleep: a task's first `Task.sleep` cost every run that arms a hedge (the tick is
    /// armed with a city's first request) 0.16 M instructions, 0.135 M of it the runtime's scan of all 3,584
    /// conformance records to learn whether the global executor schedules by itself (`SchedulingExecutor`).
    ///
    /// The delay is taken now, on dispatch's uptime clock, which stops while the machine sleeps where the continuous
    /// clock does not: a timer pending across a suspend fires that much later, never earlier (a hedge then comes late;
    /// libcurl's own timeouts are on a clock that stops too). A timer more than a day away fires after a day: a run's
    /// timers are seconds away, and an early tick only has the run look at its hedges again.
    ///
    /// `fire` is kept under a lock and taken once: by the timer, or by `cancel()`, which lets go of what it holds (the
    /// run's events, a sleep's continuation) at once rather than at the timer's instant.
    func timer(at instant: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> RunTimer {
        let pending = LockedValue<(@Sendable () -> Void)?>(fire)
        let delay = min(max(ContinuousClock.now.duration(to: instant), .zero), .seconds(86_400))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay.seconds) {
            pending.withLock { $0.take() }?()
        }
        return RunTimer { _ = pending.withLock { $0.take() } }
    }
}
