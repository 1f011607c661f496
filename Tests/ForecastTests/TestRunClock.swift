import CurlHTTP
@testable import Forecast

/// A run's clock that moves only when the test moves it: it starts at the continuous clock's
/// present, and a timer fires (a sleep ends) when ``advance(to:)`` reaches its instant. A test drives a run's
/// timers with it (the hedge), and so waits for what the run does, never for the time to pass.
final class TestRunClock: RunClock {
    private struct PendingTimer {
        let id: Int
        let until: ContinuousClock.Instant
        let fire: @Sendable () -> Void
    }

    private struct State {
        var now: ContinuousClock.Instant
        var timers: [PendingTimer] = []
        var lastID = 0
        /// Whoever waits for a timer to be set (``nextWake()``), by id.
        var watchers: [(id: Int, continuation: CheckedContinuation<ContinuousClock.Instant?, Never>)] = []
        /// Whether ``drive(_:beforeEachMove:)``'s task has ended: no more waits for a timer.
        var ended = false
    }

    private let state = LockedValue(State(now: .now))
    /// Where it started.
    let start: ContinuousClock.Instant

    init() {
        start = state.withLock { $0.now }
    }

    var now: ContinuousClock.Instant { state.withLock { $0.now } }

    func timer(at instant: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> RunTimer {
        enum Now { case fire, wait([CheckedContinuation<ContinuousClock.Instant?, Never>]) }
        let (id, now) = state.withLock { state -> (Int, Now) in
            state.lastID += 1
            if state.now >= instant { return (state.lastID, .fire) }
            state.timers.append(PendingTimer(id: state.lastID, until: instant, fire: fire))
            defer { state.watchers = [] }
            return (state.lastID, .wait(state.watchers.map(\.continuation)))
        }
        switch now {
        case .fire: fire()
        case .wait(let watchers): watchers.forEach { $0.resume(returning: instant) }
        }
        return RunTimer { [state] in state.withLock { $0.timers.removeAll { $0.id == id } } }
    }

    /// Moves the clock to `instant` (never back), firing every timer it reaches.
    func advance(to instant: ContinuousClock.Instant) {
        let woken = state.withLock { state -> [PendingTimer] in
            state.now = max(state.now, instant)
            let now = state.now
            defer { state.timers.removeAll { $0.until <= now } }
            return state.timers.filter { $0.until <= now }
        }
        woken.forEach { $0.fire() }
    }

    /// The earliest instant a timer is set for, once one is; nil once the driven task has
    /// ended, or if this one is cancelled first.
    func nextWake() async -> ContinuousClock.Instant? {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ContinuousClock.Instant?, Never>) in
                enum Now { case sleeping(ContinuousClock.Instant), cancelled, watching }
                let now = state.withLock { state -> Now in
                    if state.ended || Task.isCancelled { return .cancelled }
                    if let earliest = state.timers.map(\.until).min() { return .sleeping(earliest) }
                    state.watchers.append((id, continuation))
                    return .watching
                }
                switch now {
                case .sleeping(let earliest): continuation.resume(returning: earliest)
                case .cancelled: continuation.resume(returning: nil)
                case .watching: break
                }
            }
        } onCancel: {
            let watcher = state.withLock { state -> CheckedContinuation<ContinuousClock.Instant?, Never>? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index).continuation
            }
            watcher?.resume(returning: nil)
        }
    }

    /// Moves the clock to each instant a timer is set for, as they come, until `task` ends:
    /// its value, and the instants the clock was moved to. `beforeEachMove` runs while the run
    /// sleeps, before each move.
    func drive<Value: Sendable>(
        _ task: Task<Value, Never>, beforeEachMove: () -> Void = {}
    ) async -> (Value, moves: [ContinuousClock.Instant]) {
        let ender = Task {
            _ = await task.value
            endWatching()
        }
        var moves: [ContinuousClock.Instant] = []
        while let instant = await nextWake() {
            beforeEachMove()
            moves.append(instant)
            advance(to: instant)
        }
        await ender.value
        return (await task.value, moves)
    }

    /// Ends every wait of ``nextWake()``, now and later, with nil.
    private func endWatching() {
        let watchers = state.withLock { state in
            state.ended = true
            defer { state.watchers = [] }
            return state.watchers.map(\.continuation)
        }
        watchers.forEach { $0.resume(returning: nil) }
    }
}
