import Testing

@testable import CurlHTTP

/// Pacing as the scheduler decides it, on a clock the tests move by hand.
@Suite("Scheduler: pacing per host")
struct SchedulerPacingTests {
    private let halfSecond = Pacing(intervals: ["a.example": .milliseconds(500)])

    @Test("The next request to a paced host starts one interval after the previous one started, not a microsecond before")
    func interval() {
        var harness = SchedulerHarness(pacing: halfSecond)
        harness.admit("a1")
        harness.admit("a2")
        #expect(harness.startDue() == ["a1"])
        #expect(harness.wakeIn() == .milliseconds(500))

        harness.advance(.milliseconds(500) - .microseconds(1))
        #expect(harness.startDue() == [])
        harness.advance(.microseconds(1))
        #expect(harness.startDue() == ["a2"])
    }

    @Test("The interval runs from the moment a request started: a late turn never squeezes the next start closer")
    func fromActualStart() {
        var harness = SchedulerHarness(pacing: halfSecond)
        harness.admit("a1")
        harness.admit("a2")
        harness.admit("a3")
        #expect(harness.startDue() == ["a1"])
        // When the engine turns 200 ms after its wake-up time
        harness.advance(.milliseconds(700))
        #expect(harness.startDue() == ["a2"])
        // Then the third waits a whole interval from the second's start, not from when it was due
        #expect(harness.wakeIn() == .milliseconds(500))
        harness.advance(.milliseconds(500) - .microseconds(1))
        #expect(harness.startDue() == [])
        harness.advance(.microseconds(1))
        #expect(harness.startDue() == ["a3"])
    }

    @Test("A request admitted later waits out the interval of the last start, not one from its admission")
    func admittedLater() {
        var harness = SchedulerHarness(pacing: halfSecond)
        harness.admit("a1")
        #expect(harness.startDue() == ["a1"])
        harness.advance(.milliseconds(400))
        harness.admit("a2")
        #expect(harness.startDue() == [])
        #expect(harness.wakeIn() == .milliseconds(100))
        harness.advance(.milliseconds(100))
        #expect(harness.startDue() == ["a2"])
    }

    @Test("Another host is not paced, and a request held back by its host's pacing does not hold it back")
    func otherHost() {
        var harness = SchedulerHarness(pacing: halfSecond)
        harness.admit("a1")
        harness.admit("a2")
        harness.admit("b1", host: "b.example")
        harness.admit("b2", host: "b.example")
        #expect(harness.startDue() == ["a1", "b1", "b2"])
    }

    @Test("The default interval paces every host without an entry of its own, each host on its own")
    func defaultInterval() {
        var harness = SchedulerHarness(pacing: Pacing(defaultInterval: .seconds(1), intervals: ["a.example": .zero]))
        harness.admit("a1")
        harness.admit("a2")
        harness.admit("b1", host: "b.example")
        harness.admit("b2", host: "b.example")
        harness.admit("c1", host: "c.example")
        #expect(harness.startDue() == ["a1", "a2", "b1", "c1"])
        harness.advance(.seconds(1))
        #expect(harness.startDue() == ["b2"])
    }

    @Test("Every attempt takes a turn: a retry of a paced host waits for its interval too")
    func retriesArePaced() {
        var harness = SchedulerHarness(pacing: halfSecond)
        let a1 = harness.admit("a1", retry: RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(100)))
        #expect(harness.startDue() == ["a1"])
        // A 503 at 10 ms: the backoff (50 ms with the lowest jitter) ends before the interval does
        harness.advance(.milliseconds(10))
        #expect(harness.respond(a1, status: 503).retryAt == harness.now + .milliseconds(50))
        #expect(harness.wakeIn() == .milliseconds(490))
        harness.advance(.milliseconds(490) - .microseconds(1))
        #expect(harness.startDue() == [])
        harness.advance(.microseconds(1))
        #expect(harness.startDue() == ["a1#2"])
    }

    @Test("Host names are paced whatever their case")
    func hostCase() {
        var harness = SchedulerHarness(pacing: halfSecond)
        harness.admit("a1", host: "A.Example")
        harness.admit("a2", host: "a.example")
        #expect(harness.startDue() == ["a1"])
    }
}
