/// The engine's one record of a transfer it holds: the request, its transfer once started,
/// where it stands, and its place in the queue. Engine thread only.
///
/// A record exists from the moment the engine admits a request until the transfer is done
/// (then the record is dropped), except for a stranded one, which is kept until the multi
/// handle is closed.
struct TransferRecord {
    /// Where a transfer stands in the engine.
    enum State {
        /// Admitted, not attached yet: new, or cancelled before its first start.
        case waiting
        /// Waiting out a retry's backoff, until `until` at the earliest; pacing may hold it longer.
        case backingOff(until: ContinuousClock.Instant)
        /// Attached to the multi handle: in flight, counted against its `ConcurrencyLimit`.
        case attached
        /// Done, but libcurl refused to detach its easy handle: kept alive, and never touched
        /// again, until the multi handle is closed, since libcurl may still refer to it.
        case stranded
    }

    let request: Request
    let description: RequestDescription
    /// The transfer and its easy handle, made when the request first starts (`Engine.start`),
    /// not when it is admitted: an idle easy handle with its options holds about 6 KB, and a
    /// parallel run may queue a hundred requests behind its `ConcurrencyLimit`. Nil while the
    /// record waits for its first start; never nil once attached.
    var transfer: Transfer?
    var state: State
    /// Its place among the transfers waiting to start: admission order, and a retry goes to
    /// the back of the queue (it takes a new place when it starts backing off).
    var order: Int

    /// Not attached and not stranded: waiting for its first start or for its next attempt.
    var isQueued: Bool {
        switch state {
        case .waiting, .backingOff: true
        case .attached, .stranded: false
        }
    }

    /// The earliest this transfer may start, not counting its host's pacing or its limit.
    var notBefore: ContinuousClock.Instant? {
        switch state {
        case .waiting: nil
        case .backingOff(let until): until
        case .attached, .stranded: nil
        }
    }

    /// The attempts made so far; 0 before the first start.
    var attempts: Int {
        transfer?.attempts ?? 0
    }

    var isAttached: Bool {
        if case .attached = state { true } else { false }
    }
}
