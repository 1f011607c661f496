import Testing

@testable import CurlHTTP

/// Retries as the scheduler decides them: backoff, jitter, `Retry-After`, and the count of
/// attempts, on a clock the tests move by hand.
@Suite("Scheduler: retries")
struct SchedulerRetryTests {
    private let policy = RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(100), maxDelay: .milliseconds(350))

    @Test("Backoff doubles from the base up to its cap; jitter is exactly half at the lowest draw and all of it at the highest")
    func backoffShape() {
        let capped = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(350))
        var lowest = FixedRandom(value: 0)
        var highest = FixedRandom(value: .max)
        #expect(capped.delay(after: 1, retryAfter: nil, using: &lowest) == .milliseconds(50))
        #expect(capped.delay(after: 2, retryAfter: nil, using: &lowest) == .milliseconds(100))
        #expect(capped.delay(after: 4, retryAfter: nil, using: &lowest) == .milliseconds(175))
        // All of it, to within a rounding of Duration's arithmetic
        let top = capped.delay(after: 1, retryAfter: nil, using: &highest)
        #expect(top <= .milliseconds(100) && top > .microseconds(99_999))
        let cappedTop = capped.delay(after: 4, retryAfter: nil, using: &highest)
        #expect(cappedTop <= .milliseconds(350) && cappedTop > .microseconds(349_999))
    }

    @Test("Jitter stays within 50 to 100 % of the backoff for any draw")
    func jitterBounds() {
        var random = SplitMix(seed: 42)
        let capped = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(350))
        var seen: Set<Duration> = []
        for _ in 0..<1000 {
            let delay = capped.delay(after: 2, retryAfter: nil, using: &random)
            #expect(delay >= .milliseconds(100) && delay <= .milliseconds(200))
            seen.insert(delay)
        }
        #expect(seen.count > 900, "the draws vary")
    }

    @Test("A retry starts at the end of its backoff, not a microsecond before, from the back of the queue")
    func retryStartsAfterBackoff() {
        var harness = SchedulerHarness()
        let job = harness.admit("r1", retry: policy)
        #expect(harness.startDue() == ["r1"])
        harness.advance(.milliseconds(30))
        #expect(harness.respond(job, status: 503).retryAt == harness.origin + .milliseconds(80))
        #expect(!harness.isRunning(job))
        #expect(harness.wakeIn() == .milliseconds(50))
        harness.advance(.milliseconds(50) - .microseconds(1))
        #expect(harness.startDue() == [])
        harness.advance(.microseconds(1))
        #expect(harness.startDue() == ["r1#2"])
    }

    @Test("Retry-After in seconds replaces the backoff: the retry starts exactly that long after the response")
    func retryAfterSeconds() {
        var harness = SchedulerHarness()
        let job = harness.admit("r1", retry: policy)
        harness.startDue()
        #expect(harness.respond(job, status: 503, retryAfter: .seconds(1)).retryAt == harness.now + .seconds(1))
        harness.advance(.seconds(1) - .microseconds(1))
        #expect(harness.startDue() == [])
        harness.advance(.microseconds(1))
        #expect(harness.startDue() == ["r1#2"])
    }

    @Test("Retry-After as an HTTP date reaches the scheduler as seconds from the response, capped by maxRetryAfter")
    func retryAfterDate() {
        var harness = SchedulerHarness()
        var capped = policy
        capped.maxRetryAfter = .seconds(30)
        let soon = harness.admit("soon", retry: capped)
        let late = harness.admit("late", retry: capped)
        harness.startDue()
        // libcurl turns a date 2 s ahead into 2 s, one an hour ahead into 3600 s
        #expect(harness.respond(soon, status: 503, retryAfter: .seconds(2)).retryAt == harness.now + .seconds(2))
        #expect(harness.respond(late, status: 429, retryAfter: .seconds(3600)).retryAt == harness.now + .seconds(30))
    }

    @Test("Attempts are counted up to maxRetries + 1; then the last outcome is delivered")
    func attemptsCounted() {
        var harness = SchedulerHarness()
        let job = harness.admit("r1", retry: policy)
        #expect(harness.startDue() == ["r1"])
        #expect(harness.respond(job, status: 500).retryAt != nil)
        #expect(harness.attemptsMade(job) == 1)
        harness.advance(.seconds(1))
        #expect(harness.startDue() == ["r1#2"])
        #expect(harness.attemptsMade(job) == 2)
        #expect(harness.fail(job, .timedOut).retryAt != nil)
        harness.advance(.seconds(1))
        #expect(harness.startDue() == ["r1#3"])
        let decision = harness.respond(job, status: 503)
        guard case .finish(.response(let response)) = decision else {
            Issue.record("expected the response, got \(decision)")
            return
        }
        #expect(response.attempts == 3)
        #expect(harness.attemptsMade(job) == nil, "the request is done")
    }

    @Test("Not retried: a status that is not transient, a POST, a TLS or tunnel failure, and anything with retries off")
    func notRetried() {
        var harness = SchedulerHarness()
        let notFound = harness.admit("404", retry: policy)
        let post = harness.admit("post", method: .post, retry: policy)
        let tls = harness.admit("tls", retry: policy)
        let proxy = harness.admit("proxy", retry: policy)
        let off = harness.admit("off", retry: .none)
        harness.startDue()
        #expect(harness.respond(notFound, status: 404).finished)
        #expect(harness.respond(post, status: 503).finished)
        #expect(harness.fail(tls, .untrustedCertificate).finished)
        #expect(harness.fail(proxy, .proxyTunnelRefused).finished)
        #expect(harness.respond(off, status: 503).finished)
        #expect(harness.scheduler.count == 0)
    }

    @Test("Transient failures are retried by default: connect, timeout, reset, and a body cut short")
    func transientFailures() {
        var harness = SchedulerHarness()
        let kinds: [CurlError.Kind] = [.couldNotConnect, .timedOut, .connectionReset, .partialBody]
        let jobs = kinds.map { harness.admit("\($0)", retry: RetryPolicy()) }
        harness.startDue()
        for (job, kind) in zip(jobs, kinds) {
            #expect(harness.fail(job, kind).retryAt != nil, "\(kind)")
        }
    }

    @Test("A passed deadline is never retried, even when a policy lists it")
    func deadlineNeverRetried() {
        var harness = SchedulerHarness()
        let job = harness.admit("r1", retry: RetryPolicy(retryableErrors: [.deadlineExceeded]))
        harness.startDue()
        #expect(harness.fail(job, .deadlineExceeded).finished)
    }
}

/// A seeded random source (SplitMix64), so that a test's draws are the same on every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
