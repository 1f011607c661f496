extension Scheduler {
    /// Where one admitted request stands. A request that is done has no record at all.
    enum State {
        /// Admitted and never started: waiting for its turn.
        case queued
        /// Attempt number `attempt` (1 for the first) is in flight, carried by `running`.
        case running(Running, attempt: Int)
        /// `attempts` attempts have failed; the next may start at `until`, or later if its host's pacing or limit say.
        case waitingToRetry(until: ContinuousClock.Instant, attempts: Int)

        /// The attempts made so far, counting one in flight: the one place attempts are counted.
        var attemptsMade: Int {
            switch self {
            case .queued: 0
            case .running(_, let attempt): attempt
            case .waitingToRetry(_, let attempts): attempts
            }
        }
    }

    /// One admitted request: whose it is, what it asks for, and where it stands.
    struct Record {
        let owner: Owner
        let description: RequestDescription
        var state: State

        /// The host its starts are paced on.
        var host: String { description.endpoint.host }
        /// The limit it takes a turn of while it runs, if any.
        var limit: ConcurrencyLimit? { description.options.limit }
        /// The moment the whole request must have ended by, if any.
        var deadline: ContinuousClock.Instant? { description.options.deadline }

        /// The earliest it may start, not counting pacing and limits: nil for a queued one.
        var notBefore: ContinuousClock.Instant? {
            if case .waitingToRetry(let until, _) = state { until } else { nil }
        }
    }

    /// An answer of `dueStarts`: start attempt number `attempt` of `owner`'s request now.
    struct Start {
        let owner: Owner
        let description: RequestDescription
        let attempt: Int
    }

    /// The answer of `expire`: requests that fail now, their deadline passed, and the
    /// attempts in flight among them, for the engine to detach before it fails them.
    struct Expiry {
        var failures: [(owner: Owner, error: CurlError)] = []
        var detach: [Running] = []
    }
}
