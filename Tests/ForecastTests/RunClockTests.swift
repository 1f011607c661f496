import CurlHTTP
@testable import Forecast
import Testing

/// The system clock's timers, which post a run's hedge tick: a dispatch timer, not a task.
@Suite("The run's clock", .timeLimit(.minutes(1)))
struct RunClockTests {
    @Test("A timer of the system's clock fires, not before its instant")
    func systemTimerFires() async {
        let clock = SystemRunClock()
        let due = clock.now + .milliseconds(100)
        let firedAt = LockedValue<ContinuousClock.Instant?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = clock.timer(at: due, executor: nil) {
                firedAt.withLock { $0 = ContinuousClock.now }
                continuation.resume()
            }
        }
        let fired = firedAt.withLock { $0 }
        #expect(fired.map { $0 >= due } == true, "fired \(fired.map { due.duration(to: $0) }.map(String.init(describing:)) ?? "never") after its instant")
    }

    @Test("A timer of the system's clock cancelled before its instant never fires")
    func systemTimerCancelled() async {
        let clock = SystemRunClock()
        let fired = LockedValue(false)
        let cancelled = clock.timer(at: clock.now + .milliseconds(10), executor: nil) { fired.withLock { $0 = true } }
        cancelled.cancel()
        // A witness due half a second after it: once it fires, dispatch has long passed the cancelled one's
        // instant. (A machine too busy to run it by then could only hide a broken cancel, never fail a working one.)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = clock.timer(at: clock.now + .milliseconds(510), executor: nil) { continuation.resume() }
        }
        #expect(!fired.withLock { $0 })
    }
}
