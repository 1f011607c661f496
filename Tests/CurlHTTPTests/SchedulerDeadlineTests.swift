import Testing

@testable import CurlHTTP

/// Deadlines as the scheduler enforces them, on a clock the tests move by hand.
@Suite("Scheduler: deadlines")
struct SchedulerDeadlineTests {
    @Test("A request waiting for its turn fails when its deadline comes, having made no attempt")
    func whileQueued() throws {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 1)
        harness.admit("running", limit: limit)
        let waiting = harness.admit("waiting", limit: limit, deadlineIn: .seconds(1))
        #expect(harness.startDue() == ["running"])
        // Held back by its limit, it still sets a wake-up: its deadline
        #expect(harness.wakeIn() == .seconds(1))

        harness.advance(.seconds(1) - .microseconds(1))
        #expect(harness.expire().failed == [])
        harness.advance(.microseconds(1))
        let expired = harness.expire()
        #expect(expired.failed == ["waiting"])
        #expect(expired.detached == [])
        let error = try #require(expired.errors.first)
        #expect(error.kind == .deadlineExceeded)
        #expect(error.attempts == 0)
        #expect(error.url == "http://a.example/waiting")
        #expect(error.description == "the deadline passed")
        #expect(harness.attemptsMade(waiting) == nil)
        #expect(harness.scheduler.count == 1)
    }

    @Test("A request waiting to retry fails at its deadline, with the attempts it made, not at the end of its wait")
    func whileWaitingToRetry() {
        var harness = SchedulerHarness()
        let job = harness.admit("r1", retry: RetryPolicy(maxRetries: 3, maxRetryAfter: .seconds(60)), deadlineIn: .seconds(2))
        harness.startDue()
        harness.advance(.milliseconds(100))
        #expect(harness.respond(job, status: 503, retryAfter: .seconds(10)).retryAt == harness.now + .seconds(10))
        #expect(harness.wakeIn() == .milliseconds(1900))

        harness.advance(.milliseconds(1900) - .microseconds(1))
        #expect(harness.expire().failed == [])
        harness.advance(.microseconds(1))
        let expired = harness.expire()
        #expect(expired.failed == ["r1"])
        #expect(expired.errors.first?.attempts == 1)
        #expect(expired.errors.first?.description == "the deadline passed")
    }

    @Test("Its message counts the attempts when there were several")
    func message() {
        var harness = SchedulerHarness()
        let job = harness.admit("r1", retry: RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(10)), deadlineIn: .seconds(1))
        harness.startDue()
        #expect(harness.respond(job, status: 503).retryAt != nil)
        harness.advance(.milliseconds(10))
        #expect(harness.startDue() == ["r1#2"])
        #expect(harness.respond(job, status: 503).retryAt != nil)
        harness.advance(.seconds(1))
        #expect(harness.expire().errors.first?.description == "the deadline passed after 2 attempts")
    }

    @Test("A running request is handed back at its deadline, to be detached, and its limit's turn passes on")
    func whileRunning() {
        var harness = SchedulerHarness()
        let limit = ConcurrencyLimit(maxInFlight: 1)
        let running = harness.admit("running", limit: limit, deadlineIn: .milliseconds(300))
        harness.admit("next", limit: limit)
        #expect(harness.startDue() == ["running"])
        #expect(harness.wakeIn() == .milliseconds(300))

        harness.advance(.milliseconds(300))
        let expired = harness.expire()
        #expect(expired.failed == ["running"])
        #expect(expired.detached == ["running"])
        #expect(expired.errors.first?.attempts == 1)
        #expect(!harness.isRunning(running))
        #expect(harness.startDue() == ["next"])
    }

    @Test("A request admitted after its deadline fails at once and never starts")
    func admittedTooLate() {
        var harness = SchedulerHarness()
        harness.admit("late", deadlineIn: .microseconds(-1))
        harness.admit("fine", deadlineIn: .seconds(1))
        #expect(harness.expire().failed == ["late"])
        #expect(harness.startDue() == ["fine"])
    }

    @Test("A request is never listed to start at or after its deadline, even before expire is asked")
    func neverStartsLate() {
        var harness = SchedulerHarness()
        harness.admit("r1", deadlineIn: .zero)
        #expect(harness.startDue() == [])
    }

    @Test("The wake-up is the earliest of the deadlines and the next start")
    func wakeUp() {
        var harness = SchedulerHarness(pacing: Pacing(intervals: ["a.example": .seconds(5)]))
        harness.admit("a1", deadlineIn: .seconds(30))
        harness.admit("a2", deadlineIn: .seconds(10))
        harness.admit("a3", deadlineIn: .seconds(3))
        #expect(harness.startDue() == ["a1"])
        #expect(harness.wakeIn() == .seconds(3))
        harness.advance(.seconds(3))
        #expect(harness.expire().failed == ["a3"])
        #expect(harness.wakeIn() == .seconds(2), "a2's pacing, before its deadline")
        harness.advance(.seconds(2))
        #expect(harness.startDue() == ["a2"])
        #expect(harness.wakeIn() == .seconds(5), "a2's deadline")
    }

    @Test("Without deadlines, expire looks at nothing and fails nothing")
    func noDeadlines() {
        var harness = SchedulerHarness()
        harness.admit("r1")
        harness.startDue()
        harness.advance(.seconds(3600 * 24))
        #expect(harness.expire().failed == [])
        #expect(harness.wakeIn() == nil)
    }
}
