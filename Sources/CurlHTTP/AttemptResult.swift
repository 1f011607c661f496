/// How an attempt ended, as the engine tells its scheduler: a complete response (any status), or a failure below HTTP.
///
/// Top-level rather than nested in the generic `Scheduler`: it depends on none of the scheduler's type parameters, and
/// a nested type would be generic all the same, its metadata made at run time on the engine thread's first use.
enum AttemptResult {
    case response(Response)
    case failure(CurlError)
}

/// The scheduler's answer when a request's attempt ended (`Scheduler.attemptEnded`).
enum AttemptDecision {
    /// The request is done: deliver this.
    case finish(AttemptResult)
    /// The request went to the back of the queue, to start again at this moment at the earliest.
    case retry(at: ContinuousClock.Instant)
}
