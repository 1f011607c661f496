import CurlHTTP
@testable import Forecast
import Testing

/// The system clock's timers, which post a run's hedge tick, and the sleeps made of them (a lock wait's pauses).
@Suite("The run's clock", .timeLimit(.minutes(5)))
struct RunClockTests {
    @Test("A timer of the system's clock fires, not before its instant")
    func systemTimerFires() async {
        let clock = SystemRunClock()
        let due = clock.now + .milliseconds(100)
        let firedAt = LockedValue<ContinuousClock.Instant?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = clock.timer(at: due) {
                firedAt.withLock { $0 = ContinuousClock.now }
                continuation.resume()
            }
        }
        let fired = firedAt.withLock { $0 }
        #expect(fired.map { $0 >= due } == true, "fired \(fired.map { due.duration(to: $0) }.map(String.init(describing:)) ?? "never") after its instant")
    }

    /// What a timer's closure holds, to see when the timer lets go of it.
    private final class Held: Sendable {}

    @Test("A timer of the system's clock cancelled before its instant never fires")
    func systemTimerCancelled() {
        let clock = SystemRunClock()
        weak var watched: Held?
        let fired = LockedValue(false)
        let cancelled: RunTimer = {
            let held = Held()
            watched = held
            return clock.timer(at: clock.now + .seconds(60)) { _ = held; fired.withLock { $0 = true } }
        }()
        #expect(watched != nil, "the pending timer keeps its closure")
        cancelled.cancel()
        // Let go of at once: what dispatch runs at the instant has no closure left to call.
        #expect(watched == nil)
        #expect(!fired.withLock { $0 })
    }

    @Test("A sleep on the system's clock ends, not before its instant")
    func systemSleepEnds() async throws {
        let clock = SystemRunClock()
        let due = clock.now + .milliseconds(100)
        try await clock.sleep(until: due)
        #expect(ContinuousClock.now >= due)
    }

    @Test("A sleep is ended by its task's cancellation, before it began or while its timer is set", arguments: [false, true])
    func sleepCancelled(whileWaiting: Bool) async {
        // The test's clock: it tells when the sleep's timer is set, and never fires it unless moved.
        let clock = TestRunClock()
        let sleeper = Task {
            if !whileWaiting { withUnsafeCurrentTask { $0?.cancel() } }
            do {
                try await clock.sleep(until: clock.start + .seconds(600))
                return "slept"
            } catch {
                return "\(type(of: error))"
            }
        }
        if whileWaiting {
            #expect(await clock.nextWake() == clock.start + .seconds(600))
            sleeper.cancel()
        }
        #expect(await sleeper.value == "CancellationError")
    }
}
