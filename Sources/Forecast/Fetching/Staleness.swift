#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a city's value is shown stale, and how old it is: every format but TSV and templates marks it (`(stale, 3 h
/// old)` on the line and under the table, `stale` in waybar's class, `"stale": true` in JSON).
///
/// One mark for two causes, so that the formatters have one way to print it: a cached copy shown because the fetch
/// failed (`--stale-if-error`, RFC 5861's name; the city fails), or data that the source itself serves older than it
/// should be (``CityReport/staleSince(_:)``: a forecast 6 hours past its next release, observations over 3 hours old;
/// the city's exit status is what its command gives without the mark).
public struct Staleness: Sendable, Equatable {
    /// What makes the value stale.
    public enum Cause: Sendable, Equatable {
        /// The fetch failed with `error`, and the cache's copy fetched at `fetched` (seconds since 1970) is shown.
        case copy(error: ForecastError, fetched: Int)
        /// The source answered with data older than it should be.
        case old
    }

    /// What makes the value stale.
    public let cause: Cause
    /// How old the value was when it was served, in seconds: a copy's since it was fetched, old data's since its own
    /// time (the forecast's publication, the observation's).
    public let age: Int

    /// The marks of a value of `cause`, `age` seconds old; the client makes them, so this is for tests.
    public init(_ cause: Cause, age: Int) {
        self.cause = cause
        self.age = age
    }

    /// A stale copy's marks: why the fetch failed, and when the copy was fetched; the client makes them, so this is for
    /// tests.
    public init(error: ForecastError, fetched: Int, age: Int) {
        self.init(.copy(error: error, fetched: fetched), age: age)
    }

    /// Why the fresh fetch failed, for a copy shown in its place; nil for old data, which is no failure.
    public var error: ForecastError? {
        if case .copy(let error, _) = cause { return error }
        return nil
    }

    /// When a copy was fetched, in seconds since 1970; nil for old data.
    public var fetched: Int? {
        if case .copy(_, let fetched) = cause { return fetched }
        return nil
    }

    /// The age in the largest unit that fits: "45 s", "12 min", "3 h", "2 d".
    public var ageText: String { DataAge.text(age) }

    /// When a copy was fetched, as ISO 8601 in UTC: "2026-11-23T21:04:05Z"; nil for old data.
    public var fetchedText: String? {
        fetched.map { Date(timeIntervalSince1970: TimeInterval($0)).formatted(.iso8601) }
    }

    /// Why it is stale, after its age under the table and in the detail format: "the fetch failed", "nothing newer".
    var reason: String {
        error == nil ? "nothing newer" : "the fetch failed"
    }
}
