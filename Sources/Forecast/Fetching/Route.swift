/// How a city's value is had: from one source's file, or from a first source with a second
/// standing in for it when the first fails or is slow.
///
/// The 3-day forecast is the API's file with the agency's office file as its fallback
/// (``ClientConfiguration/Source/auto``); the week is the agency's file alone.
///
/// Its values are `any Sendable`, so that the fetch core (``FetchRun``) is one concrete type,
/// whatever a city asks for; the typed ``CityResults`` takes them back to their type.
struct Route: Sendable {
    /// One source's file, and what a city takes from it.
    struct Leg: Sendable {
        let feed: Feed
        /// A second file, of its own key, that the value is read with (the forecaster's overview beside an office's
        /// forecast, the office's chance of rain beside a city's 3-hourly file). The read is given its failure and
        /// decides what it costs (the overview's: nothing; the chance of rain's: the city fails, printed); a stale
        /// copy (`--stale-if-error`) is given as a success.
        let companion: Feed?
        /// Who made the values read from the file.
        let provider: Provider
        /// What `city` takes from the decoded file (and the companion's, or why it did not come; nil without one), at
        /// `now` (seconds since 1970).
        let read: @Sendable (_ file: any Sendable, _ companion: Companion?, _ city: City, _ now: Int) throws(ForecastError) -> any Sendable

        /// A value's own time and age at `now`, and whether its source should have served newer data by then (a
        /// ``CityReport``'s ``CityReport/dataTime`` and ``CityReport/staleSince(_:)``); nil for a value of no time.
        let dated: @Sendable (_ value: any Sendable, _ now: Int) -> (age: DataAge, stale: Bool)?

        /// The companion's file as the read is given it.
        typealias Companion = Result<any Sendable, ForecastError>

        /// A leg whose source's files are `File`s, and whose values are `Value`s, which have no time of their own
        /// (the observations' `latest_time.txt`).
        init<File, Value: Sendable>(
            _ feed: Feed, provider: Provider, companion: Feed? = nil,
            read: @escaping @Sendable (File, Companion?, City, Int) throws(ForecastError) -> Value
        ) {
            self.init(feed, provider: provider, companion: companion, read: read) { _, _ in nil }
        }

        /// A leg whose source's files are `File`s, and whose values are a city's report, dated by its time.
        init<File, Value: CityReport>(
            _ feed: Feed, provider: Provider, companion: Feed? = nil,
            read: @escaping @Sendable (File, Companion?, City, Int) throws(ForecastError) -> Value
        ) {
            self.init(feed, provider: provider, companion: companion, read: read) { value, now in
                guard let value = value as? Value, let time = value.dataTime else { return nil }
                return (DataAge(time: time, now: now), Value.staleSince(time).map { now > $0 } ?? false)
            }
        }

        private init<File, Value: Sendable>(
            _ feed: Feed, provider: Provider, companion: Feed?,
            read: @escaping @Sendable (File, Companion?, City, Int) throws(ForecastError) -> Value,
            dated: @escaping @Sendable (any Sendable, Int) -> (age: DataAge, stale: Bool)?
        ) {
            self.feed = feed
            self.companion = companion
            self.provider = provider
            self.read = { file, companion, city, now throws(ForecastError) in
                // A feed's layer decodes with its own source, whose files are `File`s.
                guard let file = file as? File else { throw .other("a file of another source reached \(feed.name)") }
                return try read(file, companion, city, now)
            }
            self.dated = dated
        }
    }

    /// The source asked first.
    let first: Leg
    /// The source read in the first's place when the first fails (but for a cancellation or
    /// the deadline), or has not answered within ``hedgeDelay(since:deadline:limit:)``.
    let fallback: Leg?

    /// How long the first source has to answer, from its request's start at `since`, before the fallback is asked as
    /// well: `limit` (3 s), or half of what is left of the deadline then, if sooner (none once it has passed).
    static func hedgeDelay(since: ContinuousClock.Instant, deadline: ContinuousClock.Instant?, limit: Duration = .seconds(3)) -> Duration {
        guard let deadline else { return limit }
        return max(.zero, min(limit, (deadline - since) / 2))
    }

    /// Whether a failure of the first source sends a city to the fallback: not a
    /// cancellation or the deadline, which end the run.
    static func fallsBack(after error: ForecastError) -> Bool {
        error != .cancelled && error.kind != .deadline
    }
}
