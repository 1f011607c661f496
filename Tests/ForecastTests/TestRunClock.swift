import CurlHTTP
@testable import Forecast

/// A run's clock that moves only when the test moves it: it starts at the continuous clock's
/// present, and a sleep ends when ``advance(to:)`` reaches its instant. A test drives a run's
/// timers with it (the hedge), and so waits for what the run does, never for the time to pass.
final class TestRunClock: RunClock {
    private struct Sleeper {
        let id: Int
        let until: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: ContinuousClock.Instant
        var sleepers: [Sleeper] = []
        var lastID = 0
        /// Whoever waits for a sleeper to come (``nextWake()``), by id.
        var watchers: [(id: Int, continuation: CheckedContinuation<ContinuousClock.Instant?, Never>)] = []
        /// Whether ``drive(_:beforeEachMove:)``'s task has ended: no more waits for a sleep.
        var ended = false
    }

    private let state = LockedValue(State(now: .now))
    /// Where it started.
    let start: ContinuousClock.Instant

    init() {
        start = state.withLock { $0.now }
    }

    var now: ContinuousClock.Instant { state.withLock { $0.now } }

    func sleep(until instant: ContinuousClock.Instant) async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now { case wake, cancel, wait([CheckedContinuation<ContinuousClock.Instant?, Never>]) }
                let now = state.withLock { state -> Now in
                    if Task.isCancelled { return .cancel }
                    if state.now >= instant { return .wake }
                    state.sleepers.append(Sleeper(id: id, until: instant, continuation: continuation))
                    defer { state.watchers = [] }
                    return .wait(state.watchers.map(\.continuation))
                }
                switch now {
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait(let watchers): watchers.forEach { $0.resume(returning: instant) }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock to `instant` (never back), ending every sleep it reaches.
    func advance(to instant: ContinuousClock.Instant) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, instant)
            let now = state.now
            defer { state.sleepers.removeAll { $0.until <= now } }
            return state.sleepers.filter { $0.until <= now }
        }
        woken.forEach { $0.continuation.resume() }
    }

    /// The earliest instant a sleep waits for, once one does; nil once the driven task has
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
                    if let earliest = state.sleepers.map(\.until).min() { return .sleeping(earliest) }
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

    /// Moves the clock to each instant a sleep waits for, as they come, until `task` ends:
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
