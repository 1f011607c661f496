/// What other threads hand the engine thread: new requests, cancellations and the shutdown,
/// kept behind the engine's lock until the thread takes them at the start of a loop turn.
struct EngineInbox {
    private(set) var additions: [(Request, RequestDescription)] = []
    /// The requests themselves, not their identifiers: holding them keeps their addresses from
    /// being reused by a new request before the loop reads this.
    private(set) var cancellations: [Request] = []
    private(set) var shutdownRequested = false
    /// False once the loop has taken the shutdown or stopped on an error: nothing more is accepted or woken.
    private(set) var isOpen = true
    /// Why the loop stopped, if a multi-handle error stopped it: later requests fail with it.
    private(set) var failure: CurlError?
    /// True from a `curl_multi_wakeup` until the loop next takes the inbox: further commands
    /// need no wake-up of their own, so a burst of submissions costs one.
    private var wakeupPending = false

    var acceptsRequests: Bool { isOpen && !shutdownRequested }

    mutating func add(_ request: Request, _ description: RequestDescription, waking multi: MultiHandle) {
        additions.append((request, description))
        wake(multi)
    }

    mutating func cancel(_ request: Request, waking multi: MultiHandle) {
        guard isOpen else { return }
        cancellations.append(request)
        wake(multi)
    }

    mutating func requestShutdown(waking multi: MultiHandle) {
        guard acceptsRequests else { return }
        shutdownRequested = true
        wake(multi)
    }

    /// Hands everything over to the loop (a copy of the inbox); after a shutdown request, closes the inbox.
    mutating func take() -> EngineInbox {
        defer {
            additions.removeAll()
            cancellations.removeAll()
            wakeupPending = false
            if shutdownRequested { isOpen = false }
        }
        return self
    }

    /// Closes the inbox after a lasting multi-handle error, which later requests fail with; returns those not taken.
    mutating func close(failure error: CurlError) -> [Request] {
        defer {
            additions.removeAll()
            cancellations.removeAll()
            isOpen = false
            failure = error
        }
        return additions.map(\.0)
    }

    /// Wakes the loop; alone, with nothing to take, when a paused stream's consumer has caught up.
    mutating func wake(_ multi: MultiHandle) {
        guard isOpen, !wakeupPending else { return }
        // curl_multi_wakeup is the one multi-handle call libcurl allows from any thread (see
        // Engine). If the wake-up cannot be sent, the next command tries again; meanwhile the loop
        // still takes the inbox when its poll times out (within a second).
        wakeupPending = multi.wakeup()
    }
}
