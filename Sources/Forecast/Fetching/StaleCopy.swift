#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An older cached forecast shown in place of a failed fetch (`--stale-if-error`, RFC 5861's
/// name): why the fetch failed, and when the copy was fetched.
public struct StaleCopy: Sendable, Equatable {
    /// Why the fresh fetch failed.
    public let error: ForecastError
    /// When the copy was fetched, in seconds since 1970.
    public let fetched: Int
    /// How old the copy was when it was served, in seconds.
    public let age: Int

    /// A stale copy's marks; the client makes them, so this is for tests.
    public init(error: ForecastError, fetched: Int, age: Int) {
        self.error = error
        self.fetched = fetched
        self.age = age
    }

    /// The age in the largest unit that fits: "45 s", "12 min", "3 h", "2 d".
    public var ageText: String {
        switch age {
        case ..<60: "\(max(age, 0)) s"
        case ..<3600: "\(age / 60) min"
        case ..<86_400: "\(age / 3600) h"
        default: "\(age / 86_400) d"
        }
    }

    /// When the copy was fetched, as ISO 8601 in UTC: "2026-11-23T21:04:05Z".
    public var fetchedText: String {
        Date(timeIntervalSince1970: TimeInterval(fetched)).formatted(.iso8601)
    }
}
