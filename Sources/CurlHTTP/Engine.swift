internal import CCurl

/// The one thread of a session: it owns the multi handle and carries out on it what the session's `Scheduler` decides.
///
/// Each turn of its loop takes the inbox, reads the clock once, asks the scheduler, attaches, detaches and finishes
/// transfers accordingly, and polls until the scheduler's wake-up time or libcurl's own timeout. Other threads talk to
/// it only through `submit`, `cancel` and `shutdown`, which put a command in the locked inbox and wake the thread from
/// `curl_multi_poll` with `curl_multi_wakeup`.
///
/// If libcurl's multi handle keeps failing (`curl_multi_perform`, `curl_multi_poll`, …), the
/// loop fails every request it holds with that error, refuses later requests with it, and stops.
///
/// `@unchecked Sendable` is sound because the only members other threads reach are `inbox` (a `LockedValue`), `ending`
/// (another) and `multi.wakeup()`, which libcurl documents as callable from any thread and which is called only under
/// the inbox lock while the inbox is open, i.e. before the loop frees the multi handle. Every other stored property is
/// read and written by the engine thread alone.
final class Engine: @unchecked Sendable {
    typealias RequestScheduler = Scheduler<Request, Transfer>

    /// How many loop turns in a row may fail on the multi handle before the loop gives up. libcurl reports only lasting
    /// trouble here (a bad handle, no memory, a failed `poll`; an interrupted one is no error): a few turns suffice.
    static let maxConsecutiveFailures = 3

    private let inbox = LockedValue(EngineInbox())
    /// Whether the loop has ended, and who waits for it to (`Session.waitUntilInvalidated()`).
    private let ending = LockedValue<(stopped: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// Internal, not private, so that a test (`@testable`) can break it from the engine thread.
    let multi: MultiHandle

    // Engine thread only.
    private var scheduler: RequestScheduler
    /// Transfers whose easy handle libcurl refused to detach. Their requests have finished, but the multi handle may
    /// still refer to the handles: they are kept, and never touched again, until the multi handle is closed.
    private var stranded: [Transfer] = []
    /// Streamed transfers the write callback paused, until their consumers catch up.
    private var pausedStreams: [Transfer] = []
    /// Uploads from a pipe that had nothing to read, paused until it has (its descriptor polled with libcurl's).
    private var waitingUploads: [Transfer] = []
    /// The streams whose sinks have an open batch, begun at each one's `heldSince`, which a flush seals once it has
    /// waited ``StreamSink/maxFlushDelay`` (``StreamSink/flush(due:)``).
    private var heldStreams: [Transfer] = []
    /// The turn's one reading of the clock, which the transfers' progress callbacks read in the next turn's perform.
    private let turnClock = TurnClock(.now)

    init(configuration: SessionConfiguration) throws(CurlError) {
        multi = try MultiHandle()
        try multi.set(CURLMOPT_MAXCONNECTS, configuration.maxIdleConnections)
        // HTTP/2 streams share a connection (libcurl's default since 7.62; said here, as HTTPS requests set PIPEWAIT).
        try multi.set(CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        scheduler = RequestScheduler(pacing: configuration.pacing)
    }

    // MARK: Any thread

    /// Hands a request to the thread; false if the engine has shut down. One that stopped on an error fails it here.
    func submit(_ request: Request, _ description: RequestDescription) -> Bool {
        let (accepted, failure) = inbox.withLock { inbox -> (Bool, CurlError?) in
            guard inbox.acceptsRequests else { return (false, inbox.failure) }
            inbox.add(request, description, waking: multi)
            return (true, nil)
        }
        if let failure {
            request.finish(.failure(failure, attempts: 0))
        }
        return accepted
    }

    /// Wakes the loop so that it looks at its paused streams again; from any thread.
    func nudge() {
        inbox.withLock { $0.wake(multi) }
    }

    /// Asks the thread to drop a cancelled request, detaching its transfer if it is running.
    func cancel(_ request: Request) {
        inbox.withLock { $0.cancel(request, waking: multi) }
    }

    /// Asks the thread to fail every request with `CancellationError` and stop.
    func shutdown() {
        inbox.withLock { $0.requestShutdown(waking: multi) }
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
            let turn = inbox.withLock { $0.take() }
            if turn.shutdownRequested {
                tearDown(unadmitted: turn.additions.map(\.0), with: CancellationError())
                return
            }
            for (request, description) in turn.additions {
                scheduler.admit(request, description)
            }
            for request in turn.cancellations {
                if let transfer = scheduler.cancel(request) { detach(transfer) }
            }
            resumeCaughtUpStreams()
            do throws(CurlError) {
                try multi.perform()
                // The turn's one reading of the clock, after libcurl's work: streams' batches,
                // attempts that ended, deadlines, backoff and pacing are all judged at this
                // instant, and the transfers started below count their start from it.
                let now = ContinuousClock.now
                turnClock.now = now
                flushHeldStreams(now: now)
                try finishAttempts(now: now)
                expire(scheduler.expire(now: now))
                // Started after the ended attempts, so that a turn of a `ConcurrencyLimit` freed by one goes to the
                // next request in this same loop turn. What is attached here is sent by the perform right after the
                // poll, which libcurl's timeout for a new transfer makes return at once.
                for start in scheduler.dueStarts(now: now) {
                    self.start(start, now: now)
                }
                try poll(timeoutMs: pollTimeoutMs(now: now))
                failures = 0
            } catch {
                // A perform that failed may have handed chunks over before it did.
                flushHeldStreams(now: nil)
                // A failed poll returns at once: without a limit this loop would spin.
                failures += 1
                if failures >= Self.maxConsecutiveFailures {
                    // Refuses every later request with the error, fails every request with it and frees every handle.
                    tearDown(unadmitted: inbox.withLock { $0.close(failure: error) }, with: error)
                    return
                }
            }
        }
    }

    /// Seals the open batches of the held streams whose first chunk has waited long enough (``StreamSink``), all of
    /// them when `now` is nil, and tells their consumers.
    private func flushHeldStreams(now: ContinuousClock.Instant?) {
        guard !heldStreams.isEmpty else { return }
        heldStreams.removeAll { held in
            guard let stream = held.description.stream else { return true }
            return stream.flush(due: now.map { $0 - held.heldSince >= StreamSink.maxFlushDelay } ?? true)
        }
    }

    /// Polls libcurl's sockets and the pipes of the waiting uploads; resumes the uploads whose
    /// pipe has something to read (or has ended), which libcurl then reads in its next perform.
    private func poll(timeoutMs: Int) throws(CurlError) {
        waitingUploads.removeAll { $0.request.isFinished }
        var fds = waitingUploads.map { curl_waitfd(fd: $0.uploadFile, events: Int16(CURL_WAIT_POLLIN), revents: 0) }
        try multi.poll(timeoutMs: timeoutMs, extra: &fds)
        var ready: [Transfer] = []
        for (index, fd) in fds.enumerated().reversed() where fd.revents != 0 {
            ready.append(waitingUploads.remove(at: index))
        }
        // Resumed after the list is settled: libcurl may call the read callback within
        // curl_easy_pause, and a pipe with nothing to read puts its transfer back on the list.
        for transfer in ready.reversed() {
            _ = ccurl_easy_pause(transfer.easy.pointer, CURLPAUSE_CONT)
        }
    }

    /// Resumes the paused streams whose consumers have taken enough; forgets those that ended.
    private func resumeCaughtUpStreams() {
        guard !pausedStreams.isEmpty else { return }
        var caughtUp: [Transfer] = []
        pausedStreams.removeAll { transfer in
            if transfer.request.isFinished { return true }
            guard transfer.description.stream?.takeResume() == true else { return false }
            caughtUp.append(transfer)
            return true
        }
        // Resumed after the list is settled: libcurl hands the held chunk over again within
        // curl_easy_pause, and a sink that refuses it again adds the transfer to the list.
        for transfer in caughtUp {
            _ = ccurl_easy_pause(transfer.easy.pointer, CURLPAUSE_CONT)
        }
    }

    /// Starts an attempt: makes its transfer and attaches it to the multi handle, which sends it in the next
    /// `curl_multi_perform`. If the transfer cannot be made or attached, the request fails with that error.
    private func start(_ start: RequestScheduler.Start, now: ContinuousClock.Instant) {
        let request = start.owner
        // Cancelled since the loop took the inbox (its cancellation still there): attached, it would reach the server.
        guard !request.isFinished else {
            _ = scheduler.remove(request)
            return
        }
        let transfer: Transfer
        do {
            transfer = try Transfer(
                request: request, description: start.description, attempt: start.attempt, now: now, clock: turnClock)
            try multi.add(transfer.easy)
        } catch {
            request.finish(.failure(error, attempts: scheduler.remove(request)))
            return
        }
        if transfer.description.stream != nil {
            // On this thread only, from the write callback during curl_multi_perform.
            transfer.onPause = { [unowned self] paused in self.pausedStreams.append(paused) }
            transfer.onHeld = { [unowned self] holding in self.heldStreams.append(holding) }
        }
        if transfer.description.upload != nil {
            // On this thread only, from the read callback during curl_multi_perform.
            transfer.onUploadWaiting = { [unowned self] waiting in self.waitingUploads.append(waiting) }
        }
        scheduler.started(request, running: transfer, now: now)
        if start.attempt == 1 { request.markStarted(at: now) }
    }

    /// Detaches every transfer libcurl reports done; delivers its outcome or lets it retry, as the scheduler decides.
    private func finishAttempts(now: ContinuousClock.Instant) throws(CurlError) {
        while let (easy, code) = multi.nextEnded() {
            // The handle's transfer is found through its private pointer, not a table keyed by
            // the handle's address: a dictionary of a key type used nowhere else would cost the
            // Swift runtime a scan of every conformance in the image at its first use.
            guard let transfer = Transfer.ofEnded(easy), scheduler.running(transfer.request) === transfer else {
                continue
            }
            let request = transfer.request
            do {
                try multi.remove(transfer.easy)
            } catch {
                stranded.append(transfer)
                request.finish(.failure(error, attempts: scheduler.remove(request)))
                throw error
            }
            switch scheduler.attemptEnded(request, transfer.result(code, now: now), now: now) {
            case .finish(.response(let response)):
                request.finish(.success(response))
            case .finish(.failure(let error)):
                request.finish(.failure(error, attempts: error.attempts))
            case .retry:
                break
            }
        }
    }

    /// Fails the requests whose deadline has passed, detaching the running ones first.
    private func expire(_ expiry: RequestScheduler.Expiry) {
        expiry.detach.forEach(detach)
        for (request, error) in expiry.failures {
            request.finish(.failure(error, attempts: error.attempts))
        }
    }

    /// Detaches a transfer whose request is done; one libcurl refuses to detach is stranded.
    private func detach(_ transfer: Transfer) {
        do {
            try multi.remove(transfer.easy)
        } catch {
            stranded.append(transfer)
        }
    }

    /// Waits no longer than libcurl's own deadline, the scheduler's next wake-up, or one second
    /// (so that the inbox is read even if a wake-up could not be sent).
    private func pollTimeoutMs(now: ContinuousClock.Instant) throws(CurlError) -> Int {
        var timeout = min(try multi.timeoutMs() ?? 1000, 1000)
        if !heldStreams.isEmpty {
            // A batch still short is sealed when its first chunk has waited long enough.
            timeout = min(timeout, Transfer.milliseconds(StreamSink.maxFlushDelay))
        }
        if let wake = scheduler.wake(now: now) {
            // A millisecond more than the whole milliseconds left, so the loop does not wake just too soon for nothing.
            timeout = min(timeout, max(0, Transfer.milliseconds(wake - now) + 1))
        }
        return timeout
    }

    /// Fails every request with `error`, after its attempts so far (0 for one never started), and frees every handle.
    private func tearDown(unadmitted: [Request], with error: any Error) {
        // `records` keeps every running transfer alive until the end of this function, and
        // `stranded` the ones libcurl refused to detach until after `close()`: every easy
        // handle is freed after the multi handle, even one libcurl still refers to.
        let records = scheduler.removeAll()
        for record in records {
            if case .running(let transfer, _) = record.state {
                try? multi.remove(transfer.easy)
            }
        }
        multi.close()
        stranded.removeAll()
        // A transfer on these lists holds its request, which holds this engine: emptied, or a
        // session shut down mid-stream or mid-upload would never be freed.
        heldStreams.removeAll()
        pausedStreams.removeAll()
        waitingUploads.removeAll()
        for record in records {
            record.owner.finish(.failure(error, attempts: record.state.attemptsMade))
        }
        for request in unadmitted {
            request.finish(.failure(error, attempts: 0))
        }
    }
}

/// The engine turn's reading of the clock, handed to what runs between two turns on the engine thread (libcurl's
/// progress callbacks) so that they read no clock of their own. Not Sendable: the engine thread's alone.
final class TurnClock {
    var now: ContinuousClock.Instant

    init(_ now: ContinuousClock.Instant) {
        self.now = now
    }
}
