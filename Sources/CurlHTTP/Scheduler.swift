/// Decides what happens next to the requests of one session: which start when, which are tried
/// again when, and which fail at their deadline. It keeps the queue, the per-host pacing, the
/// turns of every `ConcurrencyLimit`, retry backoff with `Retry-After`, and the deadlines.
///
/// It is given the time (`now`) and answers with what to do; it never reads a clock, never
/// calls libcurl and never locks, so that its tests drive it with instants they advance by hand
/// and with a random source they fix. The engine thread owns it and carries out its answers.
///
/// `Owner` is what a record belongs to (a `Request` in the engine): its identity keys the record,
/// and the record holds it, so the identity is not reused while the record lives. `Running` is
/// what carries an attempt in flight (a `Transfer` in the engine, made at each start).
///
/// The rules:
/// - The queue is admission order; a request going back to wait for a retry goes to its back.
/// - A host's interval (``Pacing``) runs from the moment a request to it started.
/// - At most `maxInFlight` requests of a ``ConcurrencyLimit`` run at once. A request waiting for
///   a turn is not in flight, and one waiting out a retry's backoff has given its turn back.
/// - A request held back by its host's pacing or by its limit holds back the later ones of that
///   host or limit (they come after it in the queue); one waiting out its backoff holds back none.
/// - A request fails when its deadline passes, whatever it is doing then.
///
/// A turn of the engine: `admit` new requests and `cancel` cancelled ones; report each ended
/// attempt to `attemptEnded`; fail what `expire` returns; start each of `dueStarts` and report
/// it with `started` (or `remove` if it could not start); then sleep until `wake`.
struct Scheduler<Owner: AnyObject, Running> {
    /// Every admitted request that is not done, keyed by its owner's identity.
    private(set) var records: [ObjectIdentifier: Record] = [:]
    /// The records not running (queued or waiting to retry), kept in the order they take turns: no turn sorts it.
    private var queue: [ObjectIdentifier] = []
    /// How many records of each limit (keyed by its identity) are running; a limit with none has no entry.
    private var inFlight: [ObjectIdentifier: Int] = [:]
    private var pacer: Pacer
    /// Where the jitter of retry backoff comes from.
    private var random: any RandomNumberGenerator
    /// How many records have a deadline: with none, the usual case, no pass looks for one.
    private var deadlines = 0
    /// True after any change since `wake` last worked out the next wake-up: a turn in which
    /// nothing changed and no wake-up time has come needs no look at the queue.
    private var changed = false
    /// What `wake` worked out last.
    private var nextWake: ContinuousClock.Instant?

    /// A scheduler pacing request starts by `pacing`, drawing backoff jitter from `random`.
    init(pacing: Pacing, random: some RandomNumberGenerator = SystemRandomNumberGenerator()) {
        pacer = Pacer(pacing: pacing)
        self.random = random
    }

    /// What carries the attempt in flight of `owner`'s request, or nil if it is not running.
    func running(_ owner: Owner) -> Running? {
        if case .running(let running, _)? = records[ObjectIdentifier(owner)]?.state { running } else { nil }
    }

    // MARK: Changes

    /// Puts a new request at the back of the queue.
    mutating func admit(_ owner: Owner, _ description: RequestDescription) {
        let key = ObjectIdentifier(owner)
        records[key] = Record(owner: owner, description: description, state: .queued)
        queue.append(key)
        if description.options.deadline != nil { deadlines += 1 }
        changed = true
    }

    /// Drops a cancelled request; returns what carries its attempt if it was running, for the
    /// engine to detach. Its limit's turn passes on.
    mutating func cancel(_ owner: Owner) -> Running? {
        if case .running(let running, _)? = take(ObjectIdentifier(owner))?.state { running } else { nil }
    }

    /// Records that attempt `attempt` of one of `dueStarts` was handed to libcurl at `now`: it
    /// takes a turn of its limit, and its host's interval runs from `now`.
    mutating func started(_ owner: Owner, running: Running, now: ContinuousClock.Instant) {
        let key = ObjectIdentifier(owner)
        guard let record = records[key], let index = queue.firstIndex(of: key) else { return }
        queue.remove(at: index)
        records[key]?.state = .running(running, attempt: record.state.attemptsMade + 1)
        pacer.started(host: record.host, at: now)
        if let limit = record.limit { inFlight[ObjectIdentifier(limit), default: 0] += 1 }
        changed = true
    }

    /// Drops a request that fails outside the scheduler — its attempt could not be made,
    /// attached or detached — and returns the attempts it made.
    mutating func remove(_ owner: Owner) -> Int {
        take(ObjectIdentifier(owner))?.state.attemptsMade ?? 0
    }

    /// Decides, when a running request's attempt ended at `now`, between delivering that end and trying again: a
    /// transient failure of a retryable method is retried while retries are left, after the server's `Retry-After` or
    /// the policy's jittered backoff, from the back of the queue. A failure at the deadline is never retried.
    mutating func attemptEnded(
        _ owner: Owner, _ result: AttemptResult, now: ContinuousClock.Instant
    ) -> AttemptDecision {
        let key = ObjectIdentifier(owner)
        guard let record = records[key], case .running(_, let attempt) = record.state else { return .finish(result) }
        guard let delay = retryDelay(record, after: attempt, result) else {
            _ = take(key)
            return .finish(result)
        }
        releaseTurn(of: record)
        let until = now + delay
        records[key]?.state = .waitingToRetry(until: until, attempts: attempt)
        queue.append(key)
        changed = true
        return .retry(at: until)
    }

    /// Drops every request, for the engine's teardown, and returns their records.
    mutating func removeAll() -> [Record] {
        defer {
            records.removeAll()
            queue.removeAll()
            inFlight.removeAll()
            deadlines = 0
            changed = true
        }
        return Array(records.values)
    }

    // MARK: Decisions

    /// Fails every request whose deadline has come at `now`: each is dropped, and the attempts
    /// in flight among them are handed back for the engine to detach.
    mutating func expire(now: ContinuousClock.Instant) -> Expiry {
        var expiry = Expiry()
        guard deadlines > 0, isDue(now) else { return expiry }
        let passed = records.compactMap { key, record in record.deadline.map { $0 <= now } == true ? key : nil }
        for key in passed {
            guard let record = take(key) else { continue }
            let error = CurlError(
                kind: .deadlineExceeded, message: "the deadline passed", url: record.description.url, attempts: record.state.attemptsMade)
            expiry.failures.append((record.owner, error))
            if case .running(let running, _) = record.state { expiry.detach.append(running) }
        }
        return expiry
    }

    /// The requests that may start at `now`, in queue order, each with the number of the attempt it starts: its backoff
    /// is over, its host's interval has passed and its limit has a turn, counting the starts listed before it. Changes
    /// nothing: the engine reports each with `started`, or with `remove` if it could not start.
    func dueStarts(now: ContinuousClock.Instant) -> [Start] {
        guard !queue.isEmpty, isDue(now) else { return [] }
        var starts: [Start] = []
        var pacer = self.pacer
        var inFlight = self.inFlight
        for key in queue {
            guard let record = records[key] else { continue }
            guard (record.notBefore ?? now) <= now,
                  pacer.earliestStart(host: record.host, now: now) <= now,
                  Self.hasTurn(record, inFlight),
                  record.deadline.map({ $0 > now }) ?? true
            else { continue }
            pacer.started(host: record.host, at: now)
            if let limit = record.limit { inFlight[ObjectIdentifier(limit), default: 0] += 1 }
            let attempt = record.state.attemptsMade + 1
            starts.append(Start(owner: record.owner, description: record.description, attempt: attempt))
        }
        return starts
    }

    /// When the engine must ask again at the latest, nil for not until something changes: the first moment a request
    /// not running may start (its backoff over, its host's interval passed) or a deadline comes. A request whose limit
    /// has no free turn is not counted: a running one ending frees the turn, and that end is reported anyway.
    mutating func wake(now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard isDue(now) else { return nextWake }
        var earliest: ContinuousClock.Instant?
        for key in queue {
            guard let record = records[key], Self.hasTurn(record, inFlight) else { continue }
            let start = max(record.notBefore ?? now, pacer.earliestStart(host: record.host, now: now))
            earliest = min(earliest ?? start, start)
        }
        if deadlines > 0 {
            for record in records.values {
                if let deadline = record.deadline { earliest = min(earliest ?? deadline, deadline) }
            }
        }
        changed = false
        nextWake = earliest
        return earliest
    }

    // MARK: Helpers

    /// True if anything changed since the last `wake`, or the wake-up it worked out has come.
    private func isDue(_ now: ContinuousClock.Instant) -> Bool {
        changed || nextWake.map { $0 <= now } ?? false
    }

    /// True if the record has no limit, or its limit has a free turn given these counts.
    private static func hasTurn(_ record: Record, _ inFlight: [ObjectIdentifier: Int]) -> Bool {
        guard let limit = record.limit else { return true }
        return inFlight[ObjectIdentifier(limit), default: 0] < limit.maxInFlight
    }

    /// The wait before another attempt of `record`, or nil if it is done.
    private mutating func retryDelay(_ record: Record, after attempt: Int, _ result: AttemptResult) -> Duration? {
        let policy = record.description.options.retry
        guard attempt <= policy.maxRetries, policy.retries(record.description.method) else { return nil }
        switch result {
        case .response(let response):
            guard policy.shouldRetry(response) else { return nil }
            return policy.delay(after: attempt, retryAfter: response.retryAfter, using: &random)
        case .failure(let error):
            // At its deadline a request has no time left for another attempt.
            guard error.kind != .deadlineExceeded, policy.retries(error.kind) else { return nil }
            return policy.delay(after: attempt, retryAfter: nil, using: &random)
        }
    }

    /// Removes a record and everything kept about it: its place in the queue or its turn.
    private mutating func take(_ key: ObjectIdentifier) -> Record? {
        guard let record = records.removeValue(forKey: key) else { return nil }
        switch record.state {
        case .running:
            releaseTurn(of: record)
        case .queued, .waitingToRetry:
            if let index = queue.firstIndex(of: key) { queue.remove(at: index) }
        }
        if record.deadline != nil { deadlines -= 1 }
        changed = true
        return record
    }

    private mutating func releaseTurn(of record: Record) {
        guard let limit = record.limit else { return }
        let key = ObjectIdentifier(limit)
        let count = inFlight[key, default: 0] - 1
        inFlight[key] = count > 0 ? count : nil
    }
}
