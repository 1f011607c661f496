internal import JapanTime
/// When a program that keeps a forecast on screen (`forecast --watch`) looks again.
///
/// The forecast changes when the weather agency publishes (05:00, 11:00, 17:00 JST) and at midnight JST, when the API
/// moves its days on: the cache's own schedule. A look that found every forecast of the current release is next due at
/// the next change; one that found the API still serving the previous release is due again in 10 minutes, as the cache
/// serves such a copy no longer. A look that failed is tried again after a backoff that doubles from 30 s up to 10
/// minutes. Times are seconds since 1970; the functions are pure, for tests on any clock.
public enum WatchSchedule {
    /// How soon a copy of the previous release is asked for again.
    public static let behindRetry = ForecastCache.staleBodyLifetime
    /// The first wait after a failed look; it doubles for each failure in a row.
    public static let firstBackoff = 30
    /// The longest wait after failed looks.
    public static let longestBackoff = 600

    /// The moment after `now` when a look that found forecasts published at `publicTimes`
    /// (ISO 8601; nil for a city with none) is next due, before any jitter.
    public static func nextLook(after now: Int, publicTimes: [String?]) -> Int {
        let lastRelease = Publication.last(atOrBefore: now)
        let behind = publicTimes.contains { time in
            guard let time, let published = JST.parseInstant(time) else { return true }
            return published < lastRelease
        }
        let change = Publication.nextChange(after: now)
        return behind ? min(now + behindRetry, change) : change
    }

    /// The moment after `now` for another look, after `failures` failed looks in a row (1 for the first).
    public static func retry(after now: Int, failures: Int) -> Int {
        let doublings = min(max(failures - 1, 0), 10)
        return now + min(firstBackoff << doublings, longestBackoff)
    }
}
