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
}

/// The system's continuous clock.
struct SystemRunClock: RunClock {
    var now: ContinuousClock.Instant { .now }

    func sleep(until instant: ContinuousClock.Instant) async throws {
        try await Task.sleep(until: instant, clock: .continuous)
    }
}
