extension ForecastClient {
    /// How long a city (or an office's file) waits for another process that is fetching it:
    /// as long as its own fetch could take, the deadline (`maxTime`) or one timeout per
    /// attempt, whichever comes first.
    ///
    /// When the limit passes with the deadline still ahead, the city is fetched anyway, without
    /// the lock. A holder that has outlasted a whole fetch of its own is stuck (stopped with
    /// Ctrl-Z, or waiting in turn for a lock this process holds), and may stay so for good: a
    /// second request to the API costs less than a status bar that shows a failure until the
    /// holder ends. When the deadline passes first, the city fails as its own fetch would have.
    var lockWaitLimit: ContinuousClock.Instant {
        let ownFetch = ContinuousClock.now + configuration.timeout * (max(0, configuration.retries) + 1)
        return deadline.map { min($0, ownFetch) } ?? ownFetch
    }
}
