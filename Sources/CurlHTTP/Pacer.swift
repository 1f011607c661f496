/// The scheduler's record of when each host may next see a request start.
///
/// The interval runs from the moment a request to the host actually started — the engine turn that attached it to the
/// multi handle, which starts it in the `curl_multi_perform` right after — not from when it was planned to, so a late
/// wake-up of the engine never squeezes the next start closer.
struct Pacer {
    let pacing: Pacing
    /// Not private, so that the memberwise `init(pacing:)` is the scheduler's to call.
    var nextStart: [String: ContinuousClock.Instant] = [:]

    /// When a request to `host` may start: `now` or later.
    func earliestStart(host: String, now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        max(now, nextStart[host] ?? now)
    }

    /// Records that a request to `host` started at `instant` (the clock's reading when it did).
    mutating func started(host: String, at instant: ContinuousClock.Instant) {
        let interval = pacing.interval(forHost: host)
        if interval > .zero {
            nextStart[host] = instant + interval
        }
    }
}
