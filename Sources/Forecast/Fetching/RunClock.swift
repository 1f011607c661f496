import CurlHTTP
import Dispatch

/// Where a run's own timers come from: the hedge's tick and the pauses of a wait for another
/// process's lock. The system's continuous clock, unless a test gives the client one that moves
/// only when told, so that the hedge is tested by moving the clock rather than by waiting.
///
/// Its instants are the continuous clock's, which the session's requests are timed by (`Request.started`, the
/// deadline): a clock given for a test starts at the continuous clock's present and only moves forward.
protocol RunClock: Sendable {
    var now: ContinuousClock.Instant { get }
    /// Suspends until `now` reaches `instant`; throws when the task is cancelled first.
    func sleep(until instant: ContinuousClock.Instant) async throws
    /// Calls `fire` once, when `now` reaches `instant`, unless the timer is cancelled first. A clock that needs a task
    /// for it runs the task on `executor`'s preference (the run's consumer's).
    func timer(
        at instant: ContinuousClock.Instant, executor: (any TaskExecutor)?, _ fire: @escaping @Sendable () -> Void
    ) -> RunTimer
}

/// A timer of a ``RunClock``: `cancel()` keeps it from firing, if it has not yet.
struct RunTimer: Sendable {
    let cancel: @Sendable () -> Void
}

extension RunClock {
    /// A task that sleeps on the clock, then fires.
    func timer(
        at instant: ContinuousClock.Instant, executor: (any TaskExecutor)?, _ fire: @escaping @Sendable () -> Void
    ) -> RunTimer {
        let task = Task(executorPreference: executor) { [self] in
            guard (try? await sleep(until: instant)) != nil else { return }
            fire()
        }
        return RunTimer { task.cancel() }
    }
}

/// The system's continuous clock.
struct SystemRunClock: RunClock {
    var now: ContinuousClock.Instant { .now }

    func sleep(until instant: ContinuousClock.Instant) async throws {
        try await Task.sleep(until: instant, clock: .continuous)
    }

    /// A dispatch timer, not a task: a task's first sleep cost every run that hedges (the tick is armed with its first
    /// request) 0.16 M instructions, most of it the runtime's scan of all 3,584 conformance records to learn whether
    /// the global executor schedules by itself (`SchedulingExecutor`). The delay is taken
    /// now: the continuous clock and dispatch's uptime clock move together while the machine is awake.
    func timer(
        at instant: ContinuousClock.Instant, executor: (any TaskExecutor)?, _ fire: @escaping @Sendable () -> Void
    ) -> RunTimer {
        let cancelled = LockedValue(false)
        // At most a day, so that the nanoseconds fit: a run's timers are seconds away.
        let delay = min(max(ContinuousClock.now.duration(to: instant), .zero), .seconds(86_400))
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
            if !cancelled.withLock({ $0 }) { fire() }
        }
        return RunTimer { cancelled.withLock { $0 = true } }
    }
}
