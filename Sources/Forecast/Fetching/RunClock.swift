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
    /// Calls `fire` once, when `now` reaches `instant` (or later), unless the timer is cancelled first. A clock that
    /// needs a task for it runs the task on `executor`'s preference (the run's consumer's).
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

    /// A dispatch timer, not a task: a task's first sleep cost every run that arms a hedge (the tick is armed with a
    /// city's first request) 0.16 M instructions, 0.135 M of it the runtime's scan of all 3,584 conformance records to
    /// learn whether the global executor schedules by itself (`SchedulingExecutor`).
    ///
    /// The delay is taken now, on dispatch's uptime clock, which stops while the machine sleeps where the continuous
    /// clock does not: a timer pending across a suspend fires that much later, never earlier (a hedge then comes late;
    /// libcurl's own timeouts are on a clock that stops too). A timer more than a day away fires after a day: a run's
    /// timers are seconds away, and an early tick only has the run look at its hedges again.
    ///
    /// `fire` is kept under a lock and taken once: by the timer, or by `cancel()`, which lets go of what it holds (the
    /// run's events) at once rather than at the timer's instant.
    func timer(
        at instant: ContinuousClock.Instant, executor: (any TaskExecutor)?, _ fire: @escaping @Sendable () -> Void
    ) -> RunTimer {
        let pending = LockedValue<(@Sendable () -> Void)?>(fire)
        let delay = min(max(ContinuousClock.now.duration(to: instant), .zero), .seconds(86_400))
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
            pending.withLock { $0.take() }?()
        }
        return RunTimer { _ = pending.withLock { $0.take() } }
    }
}
