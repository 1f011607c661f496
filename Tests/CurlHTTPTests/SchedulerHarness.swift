import Foundation

@testable import CurlHTTP

/// A request of the scheduler tests: what a record belongs to.
final class Job: CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

/// What carries a running attempt in the scheduler tests, in place of a `Transfer`.
struct Attempt {
    let job: Job
    let number: Int
}

/// A random source that draws the same value every time: 0 gives the shortest jitter (half the
/// backoff), `.max` the longest.
struct FixedRandom: RandomNumberGenerator {
    let value: UInt64
    mutating func next() -> UInt64 { value }
}

/// A scheduler driven by hand: its clock is an instant the test moves, and it carries out the
/// scheduler's answers as the engine does, with no thread, network or sleep.
struct SchedulerHarness {
    typealias TestScheduler = Scheduler<Job, Attempt>

    var scheduler: TestScheduler
    /// The manual clock: an arbitrary origin, moved only by `advance`.
    private(set) var now = ContinuousClock.now
    /// Where every instant in a test is measured from.
    let origin: ContinuousClock.Instant

    init(pacing: Pacing = .none, random: some RandomNumberGenerator = FixedRandom(value: 0)) {
        scheduler = TestScheduler(pacing: pacing, random: random)
        origin = now
    }

    mutating func advance(_ duration: Duration) {
        now += duration
    }

    /// Admits a GET (by default) to `host`, named `name`.
    @discardableResult
    mutating func admit(
        _ name: String, host: String = "a.example", method: HTTPMethod = .get, limit: ConcurrencyLimit? = nil,
        retry: RetryPolicy = .none, deadlineIn: Duration? = nil
    ) -> Job {
        let job = Job(name)
        let url = "http://\(host)/\(name)"
        let options = RequestOptions(retry: retry, limit: limit, deadline: deadlineIn.map { now + $0 })
        let description = RequestDescription(
            url: url, endpoint: Endpoint(url: url), method: method, headers: [:], body: nil, options: options)
        scheduler.admit(job, description)
        return job
    }

    /// Starts what is due now, as the engine's turn does, and returns the names started, each
    /// with the number of its attempt when it is not the first ("b#2").
    @discardableResult
    mutating func startDue() -> [String] {
        let starts = scheduler.dueStarts(now: now)
        for start in starts {
            scheduler.started(start.owner, running: Attempt(job: start.owner, number: start.attempt), now: now)
        }
        return starts.map { $0.attempt == 1 ? $0.owner.name : "\($0.owner.name)#\($0.attempt)" }
    }

    /// Fails what passed its deadline, and returns the names failed and the names of the
    /// attempts to detach.
    mutating func expire() -> (failed: [String], detached: [String], errors: [CurlError]) {
        let expiry = scheduler.expire(now: now)
        return (expiry.failures.map(\.owner.name).sorted(), expiry.detach.map(\.job.name).sorted(), expiry.failures.map(\.error))
    }

    /// Ends the running attempt of `job` with a response of `status`.
    mutating func respond(_ job: Job, status: Int, retryAfter: Duration? = nil) -> AttemptDecision {
        let attempt = scheduler.running(job)?.number ?? 0
        let response = Response(
            status: status, headers: HTTPHeaders(), body: Data(), url: "http://a.example/", httpVersion: .http1_1,
            metrics: Metrics(), attempts: attempt, retryAfter: retryAfter)
        return scheduler.attemptEnded(job, .response(response), now: now)
    }

    /// Ends the running attempt of `job` with a failure of `kind`.
    mutating func fail(_ job: Job, _ kind: CurlError.Kind) -> AttemptDecision {
        let attempt = scheduler.running(job)?.number ?? 0
        return scheduler.attemptEnded(job, .failure(CurlError(kind: kind, message: "test", attempts: attempt)), now: now)
    }

    /// When the scheduler wants to be asked again, as time from now; nil for never.
    mutating func wakeIn() -> Duration? {
        scheduler.wake(now: now).map { $0 - now }
    }

    /// The attempts `job` has made, or nil if the scheduler no longer holds it.
    func attemptsMade(_ job: Job) -> Int? {
        scheduler.state(of: job)?.attemptsMade
    }

    /// True if `job` is running.
    func isRunning(_ job: Job) -> Bool {
        scheduler.running(job) != nil
    }
}

extension Scheduler {
    /// How many requests it holds, running or not.
    var count: Int { records.count }

    /// The state of `owner`'s request, or nil if it holds none.
    func state(of owner: Owner) -> State? {
        records[ObjectIdentifier(owner)]?.state
    }
}

extension AttemptDecision {
    /// The moment of the retry, or nil if the request finished.
    var retryAt: ContinuousClock.Instant? {
        if case .retry(let at) = self { at } else { nil }
    }

    /// True if the request finished.
    var finished: Bool { retryAt == nil }
}
