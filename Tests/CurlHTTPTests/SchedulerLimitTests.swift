import Testing

@testable import CurlHTTP

/// `ConcurrencyLimit`s and the queue's order as the scheduler decides them, with no network.
@Suite("Scheduler: limits and the queue")
struct SchedulerLimitTests {
    @Test("At most maxInFlight run at once; each end starts the next, in admission order")
    func turns() {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 2)
        let jobs = ["r1", "r2", "r3", "r4", "r5"].map { harness.admit($0, limit: limit) }
        #expect(harness.startDue() == ["r1", "r2"])
        #expect(harness.startDue() == [], "asking again starts nothing more")

        #expect(harness.respond(jobs[1], status: 200).finished)
        #expect(harness.startDue() == ["r3"])
        #expect(harness.respond(jobs[0], status: 200).finished)
        #expect(harness.respond(jobs[2], status: 200).finished)
        #expect(harness.startDue() == ["r4", "r5"])
        #expect(harness.scheduler.count == 2)
    }

    @Test("A request waiting for a turn is not in flight and sets no wake-up: only an end frees a turn")
    func waitingIsNotInFlight() {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 1)
        let first = harness.admit("r1", limit: limit)
        let second = harness.admit("r2", limit: limit)
        #expect(harness.startDue() == ["r1"])
        #expect(!harness.isRunning(second))
        #expect(harness.attemptsMade(second) == 0)
        #expect(harness.wakeIn() == nil)
        harness.advance(.seconds(3600))
        #expect(harness.startDue() == [])
        #expect(harness.respond(first, status: 200).finished)
        #expect(harness.startDue() == ["r2"])
    }

    @Test("A request held back by its limit holds back the later ones of that limit, and no others")
    func holdsBackItsLimitOnly() {
        var harness = SchedulerHarness()
        let one = ConcurrencyLimit(maxInFlight: 1)
        let other = ConcurrencyLimit(maxInFlight: 1)
        harness.admit("one1", limit: one)
        harness.admit("one2", limit: one)
        harness.admit("free")
        harness.admit("other1", limit: other)
        harness.admit("one3", limit: one)
        #expect(harness.startDue() == ["one1", "free", "other1"])
    }

    @Test("A retry waiting out its backoff gives its turn back and goes to the back of the queue")
    func retryGivesTurnBack() {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 1)
        let retry = RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(100))
        let first = harness.admit("r1", limit: limit, retry: retry)
        let second = harness.admit("r2", limit: limit)
        let third = harness.admit("r3", limit: limit)
        #expect(harness.startDue() == ["r1"])

        // When the first is answered 503: it waits 50 ms (the lowest jitter), its turn free
        #expect(harness.respond(first, status: 503).retryAt == harness.now + .milliseconds(50))
        #expect(harness.attemptsMade(first) == 1)
        #expect(harness.startDue() == ["r2"])
        // Its backoff over, it still waits behind the turn the second holds
        harness.advance(.milliseconds(60))
        #expect(harness.startDue() == [])
        // and behind the third, which was queued before it went back
        #expect(harness.respond(second, status: 200).finished)
        #expect(harness.startDue() == ["r3"])
        #expect(harness.respond(third, status: 200).finished)
        #expect(harness.startDue() == ["r1#2"])
    }

    @Test("A cancelled request leaves the queue, and a running one gives its turn back and is handed back to detach")
    func cancel() {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 1)
        let running = harness.admit("r1", limit: limit)
        let queued = harness.admit("r2", limit: limit)
        harness.admit("r3", limit: limit)
        #expect(harness.startDue() == ["r1"])

        #expect(harness.scheduler.cancel(queued) == nil)
        #expect(harness.scheduler.cancel(running)?.job === running)
        #expect(harness.startDue() == ["r3"])
        #expect(harness.scheduler.cancel(running) == nil, "a second cancellation finds nothing")
    }

    @Test("The starts listed change nothing until the engine reports them; one that could not start frees its place")
    func startsAreReported() {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 1)
        let first = harness.admit("r1", limit: limit)
        harness.admit("r2", limit: limit)
        let listed = harness.scheduler.dueStarts(now: harness.now)
        #expect(listed.map(\.owner.name) == ["r1"])
        #expect(harness.scheduler.dueStarts(now: harness.now).map(\.owner.name) == ["r1"])
        #expect(listed.first?.attempt == 1)

        // When the engine could not make the transfer: the request is dropped with no attempt made
        #expect(harness.scheduler.remove(first) == 0)
        #expect(harness.wakeIn() == .zero, "the next one is due at once")
        #expect(harness.startDue() == ["r2"])
    }
}
