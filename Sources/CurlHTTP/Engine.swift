internal import CCurl

/// The one thread of a session: it owns the multi handle and drives every transfer on it.
///
/// Other threads talk to it only through `submit` and `cancel`, which put a command in the
/// locked inbox and wake the thread from `curl_multi_poll` with `curl_multi_wakeup`.
///
/// If libcurl's multi handle keeps failing (`curl_multi_perform`, `curl_multi_poll`, …), the
/// loop ends every transfer with that error, refuses later requests with it, and stops.
///
/// `@unchecked Sendable` is sound because the only members other threads reach are `inbox`
/// (a `LockedValue`) and `multi.wakeup()`, which libcurl documents as callable from any thread
/// and which is called only under the inbox lock while `isOpen` is true, i.e. before the loop
/// frees the multi handle. Every other stored property is read and written by the engine thread alone.
final class Engine: @unchecked Sendable {
    private struct Inbox {
        var additions: [(Request, RequestDescription)] = []
        /// The requests themselves, not their identifiers: holding them keeps their addresses
        /// from being reused by a new request before the loop reads this.
        var cancellations: [Request] = []
        var shutdownRequested = false
        /// False once the loop has taken the shutdown or stopped on an error: nothing more is
        /// accepted or woken.
        var isOpen = true
        /// Why the loop stopped, if a multi-handle error stopped it: later requests fail with it.
        var failure: CurlError?
        /// True from a `curl_multi_wakeup` until the loop next takes the inbox: further
        /// commands need no wake-up of their own (a burst of 200 submissions costs one).
        var wakeupPending = false

        mutating func wake(_ multi: MultiHandle) {
            guard !wakeupPending else { return }
            // If the wake-up cannot be sent, the next command tries again; meanwhile the loop
            // still takes the inbox when its poll times out (within a second).
            wakeupPending = multi.wakeup()
        }
    }

    /// How many loop turns in a row may fail on the multi handle before the loop gives up.
    /// libcurl reports only lasting trouble here (a bad handle, no memory, a `poll` that
    /// failed; an interrupted `poll` is not an error), so a few turns are enough.
    static let maxConsecutiveFailures = 3

    private let inbox = LockedValue(Inbox())
    /// Whether the loop has ended, and who waits for it to (`Session.waitUntilInvalidated()`).
    private let ending = LockedValue<(stopped: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// Internal, not private, so that a test (`@testable`) can break it from the engine thread.
    let multi: MultiHandle

    // Engine thread only.
    /// Every request the engine holds, one record each, keyed by the request's identity: the
    /// record holds the request, so the identifier is not reused while the record lives.
    private var records: [ObjectIdentifier: TransferRecord] = [:]
    /// The next place in the queue (`TransferRecord.order`).
    private var nextOrder = 0
    private var pacer: Pacer

    init(configuration: SessionConfiguration) throws(CurlError) {
        multi = try MultiHandle()
        try multi.set(CURLMOPT_MAXCONNECTS, configuration.maxIdleConnections)
        // HTTP/2 streams share a connection (libcurl's default since 7.62; said here, since
        // HTTPS requests ask to wait for it with CURLOPT_PIPEWAIT).
        try multi.set(CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        pacer = Pacer(pacing: configuration.pacing)
    }

    // MARK: Any thread

    /// Hands a request to the thread; false if the engine has shut down. If it stopped on an
    /// error, the request is completed with that error here.
    func submit(_ request: Request, _ description: RequestDescription) -> Bool {
        let (accepted, failure) = inbox.withLock { inbox -> (Bool, CurlError?) in
            guard inbox.isOpen, !inbox.shutdownRequested else { return (false, inbox.failure) }
            inbox.additions.append((request, description))
            inbox.wake(multi)
            return (true, nil)
        }
        if let failure {
            request.complete(.failure(failure, attempts: 0))
        }
        return accepted
    }

    /// Asks the thread to detach a request's transfer, if it still has one.
    func cancel(_ request: Request) {
        inbox.withLock { inbox in
            guard inbox.isOpen else { return }
            inbox.cancellations.append(request)
            inbox.wake(multi)
        }
    }

    /// Asks the thread to end every transfer with `CancellationError` and stop.
    func shutdown() {
        inbox.withLock { inbox in
            guard inbox.isOpen, !inbox.shutdownRequested else { return }
            inbox.shutdownRequested = true
            inbox.wake(multi)
        }
    }

    /// Returns once the loop has ended and freed its handles.
    func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let stopped = ending.withLock { ending in
                if !ending.stopped { ending.waiters.append(continuation) }
                return ending.stopped
            }
            if stopped { continuation.resume() }
        }
    }

    // MARK: Engine thread

    /// Called by the thread once `run()` has returned: wakes whoever waits for the end.
    func didStop() {
        let waiters = ending.withLock { ending in
            ending.stopped = true
            defer { ending.waiters.removeAll() }
            return ending.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// The loop; returns after a shutdown or a lasting multi-handle error, with every handle freed.
    func run() {
        var failures = 0
        while true {
            let (additions, cancellations, stop) = inbox.withLock { inbox in
                defer {
                    inbox.wakeupPending = false
                    inbox.additions.removeAll()
                    inbox.cancellations.removeAll()
                    if inbox.shutdownRequested { inbox.isOpen = false }
                }
                return (inbox.additions, inbox.cancellations, inbox.shutdownRequested)
            }
            if stop {
                tearDown(unadmitted: additions.map(\.0), with: CancellationError())
                return
            }
            let now = ContinuousClock.now
            for (request, description) in additions {
                admit(request, description, now: now)
            }
            for request in cancellations {
                detach(request)
            }
            do throws(CurlError) {
                try multi.perform()
                try collectCompletions()
                // Attached after the completions, so that a turn of a `ConcurrencyLimit` freed
                // by a transfer that just ended goes to the next one in this same loop turn.
                // What is attached here is sent by the perform right after the poll, which
                // libcurl's timeout for a new transfer makes return at once.
                let inFlight = startDue(now: .now)
                try multi.poll(timeoutMs: nextTimeoutMs(inFlight: inFlight))
                failures = 0
            } catch {
                // A failed poll returns at once: without a limit this loop would spin.
                failures += 1
                if failures >= Self.maxConsecutiveFailures {
                    abandon(after: error)
                    return
                }
            }
        }
    }

    private func admit(_ request: Request, _ description: RequestDescription, now: ContinuousClock.Instant) {
        records[ObjectIdentifier(request)] = TransferRecord(
            request: request, description: description, transfer: nil, state: .waiting, order: takeOrder())
    }

    private func takeOrder() -> Int {
        defer { nextOrder += 1 }
        return nextOrder
    }

    /// The queued records (waiting or backing off), in queue order.
    private func queue() -> [TransferRecord] {
        records.values.filter(\.isQueued).sorted { $0.order < $1.order }
    }

    /// How many attached transfers each `ConcurrencyLimit` has; a limit without any has no entry.
    private func inFlightByLimit() -> [ObjectIdentifier: Int] {
        var counts: [ObjectIdentifier: Int] = [:]
        for record in records.values where record.isAttached {
            if let limit = record.description.options.limit {
                counts[ObjectIdentifier(limit), default: 0] += 1
            }
        }
        return counts
    }

    /// True if the request has no limit or its limit has a free turn.
    private func hasTurn(_ description: RequestDescription, _ inFlight: [ObjectIdentifier: Int]) -> Bool {
        guard let limit = description.options.limit else { return true }
        return inFlight[ObjectIdentifier(limit), default: 0] < limit.maxInFlight
    }

    /// Attaches, in queue order, every queued transfer whose backoff is over, whose host the
    /// pacer lets start now and whose `ConcurrencyLimit` has a free turn; a transfer held back
    /// by pacing or by its limit holds back the later ones of its host or limit. Returns the
    /// in-flight count per limit after these starts, which the loop's next wait is worked out from.
    private func startDue(now: ContinuousClock.Instant) -> [ObjectIdentifier: Int] {
        let queued = queue()
        guard !queued.isEmpty else { return [:] }
        var inFlight = inFlightByLimit()
        for record in queued {
            guard (record.notBefore ?? now) <= now,
                  pacer.earliestStart(host: record.description.endpoint.host, now: now) <= now,
                  hasTurn(record.description, inFlight)
            else { continue }
            // Cancelled since it was queued, its cancellation still in the inbox: never
            // attach it, or it would reach the server after all.
            if record.request.isFinished {
                records[ObjectIdentifier(record.request)] = nil
            } else if start(record), let limit = record.description.options.limit {
                inFlight[ObjectIdentifier(limit), default: 0] += 1
            }
        }
        return inFlight
    }

    /// When the first queued transfer may start, counting its backoff and its host's pacing.
    /// One waiting for a turn of its limit is not counted: a transfer ending frees the turn,
    /// and the loop then starts the next one itself.
    private func nextQueuedStart(now: ContinuousClock.Instant, inFlight: [ObjectIdentifier: Int]) -> ContinuousClock.Instant? {
        records.values.lazy
            .filter { $0.isQueued && self.hasTurn($0.description, inFlight) }
            .map { max($0.notBefore ?? now, self.pacer.earliestStart(host: $0.description.endpoint.host, now: now)) }
            .min()
    }

    /// Attaches a record's transfer, made now if this is its first start, and lets the pacer
    /// count its start from this moment: libcurl starts it in the `curl_multi_perform` that
    /// follows. False if the transfer could not be made or libcurl refused it (the request is
    /// then done, with that error).
    private func start(_ record: TransferRecord) -> Bool {
        let key = ObjectIdentifier(record.request)
        let transfer: Transfer
        if let made = record.transfer {
            transfer = made
        } else {
            do {
                transfer = try Transfer(request: record.request, description: record.description)
            } catch {
                records[key] = nil
                record.request.complete(.failure(error, attempts: 0))
                return false
            }
            records[key]?.transfer = transfer
        }
        transfer.beginAttempt()
        do {
            try multi.add(transfer.easy)
        } catch {
            finish(transfer, .failure(error, attempts: transfer.attempts))
            return false
        }
        records[key]?.state = .attached
        pacer.started(host: record.description.endpoint.host, at: .now)
        return true
    }

    private func collectCompletions() throws(CurlError) {
        while let (easy, code) = multi.nextCompletion() {
            // The handle's transfer is found through its private pointer, not a table keyed by
            // the handle's address: a dictionary of a key type used nowhere else costs the Swift
            // runtime a scan of every conformance in the image (Benchmarks/startup.sh).
            guard let transfer = Transfer.ofCompleted(easy),
                  let record = records[ObjectIdentifier(transfer.request)], record.isAttached,
                  record.transfer === transfer
            else { continue }
            do {
                try multi.remove(transfer.easy)
            } catch {
                strand(transfer)
                transfer.request.complete(.failure(error, attempts: transfer.attempts))
                throw error
            }
            completed(transfer, code: code)
        }
    }

    /// Decides between delivering an attempt's outcome and trying again.
    private func completed(_ transfer: Transfer, code: CURLcode) {
        let policy = transfer.description.options.retry
        let mayRetry = transfer.attempts <= policy.maxRetries
            && policy.retries(transfer.description.method)
        if code == CURLE_OK {
            let response: Response
            do {
                response = try transfer.makeResponse()
            } catch {
                finish(transfer, .failure(error, attempts: transfer.attempts))
                return
            }
            if mayRetry, policy.shouldRetry(response) {
                retry(transfer, after: policy.delay(after: transfer.attempts, retryAfter: transfer.retryAfter))
            } else {
                finish(transfer, .success(response))
            }
        } else {
            let error = transfer.makeError(code)
            if mayRetry, policy.retries(error.kind) {
                retry(transfer, after: policy.delay(after: transfer.attempts, retryAfter: nil))
            } else {
                finish(transfer, .failure(error, attempts: transfer.attempts))
            }
        }
    }

    /// Sends a detached transfer to the back of the queue, to start again after `delay`.
    private func retry(_ transfer: Transfer, after delay: Duration) {
        let key = ObjectIdentifier(transfer.request)
        records[key]?.state = .backingOff(until: .now + delay)
        records[key]?.order = takeOrder()
    }

    /// The transfer is done: its record goes, and its request completes.
    private func finish(_ transfer: Transfer, _ outcome: Request.Outcome) {
        records[ObjectIdentifier(transfer.request)] = nil
        transfer.request.complete(outcome)
    }

    /// Marks a transfer whose easy handle libcurl refused to detach.
    private func strand(_ transfer: Transfer) {
        records[ObjectIdentifier(transfer.request)]?.state = .stranded
    }

    /// Removes a cancelled request's transfer, attached or queued; the request has already
    /// completed itself.
    private func detach(_ request: Request) {
        let key = ObjectIdentifier(request)
        guard let record = records[key] else { return }
        switch record.state {
        case .attached:
            guard let transfer = record.transfer else { return }
            do {
                try multi.remove(transfer.easy)
            } catch {
                strand(transfer)
                return
            }
            records[key] = nil
        case .waiting, .backingOff:
            records[key] = nil
        case .stranded:
            return
        }
    }

    /// Waits no longer than libcurl's own deadline, the next queued start, or one second.
    private func nextTimeoutMs(inFlight: [ObjectIdentifier: Int]) throws(CurlError) -> Int {
        var timeout = min(try multi.timeoutMs() ?? 1000, 1000)
        if let earliest = nextQueuedStart(now: .now, inFlight: inFlight) {
            let until = Transfer.milliseconds(earliest - .now)
            timeout = min(timeout, max(0, until + 1))
        }
        return timeout
    }

    /// After a lasting multi-handle error: refuses every later request with it, then ends
    /// every transfer with it and frees every handle, as a shutdown does.
    private func abandon(after error: CurlError) {
        let unadmitted = inbox.withLock { inbox in
            defer {
                inbox.additions.removeAll()
                inbox.cancellations.removeAll()
                inbox.isOpen = false
                inbox.failure = error
            }
            return inbox.additions.map(\.0)
        }
        tearDown(unadmitted: unadmitted, with: error)
    }

    /// Ends every transfer with `error`, detaches and frees every handle. Each request's
    /// attempts so far are kept (0 for one that never started).
    private func tearDown(unadmitted: [Request], with error: any Error) {
        // The records keep every transfer alive until the end of this function, so their easy
        // handles are freed after the multi handle, even one libcurl refused to detach.
        let held = Array(records.values)
        records.removeAll()
        for record in held where record.isAttached {
            if let transfer = record.transfer {
                try? multi.remove(transfer.easy)
            }
        }
        multi.close()
        // A stranded transfer's request has completed already.
        for record in held {
            if case .stranded = record.state { continue }
            var error = error
            if var curlError = error as? CurlError {
                curlError.attempts = record.attempts
                error = curlError
            }
            record.request.complete(.failure(error, attempts: record.attempts))
        }
        for request in unadmitted {
            request.complete(.failure(error, attempts: 0))
        }
    }
}
