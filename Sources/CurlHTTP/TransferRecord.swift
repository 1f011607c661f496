/// The engine's one record of a transfer it holds: the transfer, where it stands, and its
/// place in the queue. Engine thread only.
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

    let transfer: Transfer
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

    var isAttached: Bool {
        if case .attached = state { true } else { false }
    }
}
