#if canImport(FoundationEssentials)
internal import JapanTime
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's last releases at an instant of the mock's clock, that instant's JST date, and the instant itself: what
/// ``MockConfiguration/stampsRelease`` writes into the bodies.
///
/// The 3-day forecast is released at 05:00, 11:00 and 17:00 JST, the weekly one at 11:00 and 17:00. A release counts
/// from its exact second: at 05:00:00 the 05:00 release is the last one, at 04:59:59 it is the previous day's 17:00.
///
/// A source writes it into its bodies so: the release times replace the sample's, and the dates move by whole days so
/// that the body's first day is the current one. Times of day, values and texts stay the sample's. A member that is
/// missing or of another form is left alone, so a body of an unexpected shape is served as it is.
struct ReleaseStamp: Sendable, Equatable {
    /// The last 3-day release, in seconds since 1970-01-01T00:00:00Z.
    var forecastRelease: Int
    /// The last weekly release, in seconds since 1970-01-01T00:00:00Z.
    var weeklyRelease: Int
    /// The instant's JST date, as days since 1970-01-01.
    var today: Int
    /// The instant itself, in seconds since 1970-01-01T00:00:00Z: the observations' newest time follows it.
    var instant: Int

    /// The stamp at `now` (fractions of a second are dropped).
    init(now: Date) {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        self.today = JST.day(ofInstant: seconds)
        self.instant = seconds
        self.forecastRelease = Self.lastRelease(at: seconds, hours: [5, 11, 17])
        self.weeklyRelease = Self.lastRelease(at: seconds, hours: [11, 17])
    }

    /// The latest of `hours` (JST, ascending) today at or before `seconds`, else the last of them the day before.
    static func lastRelease(at seconds: Int, hours: [Int]) -> Int {
        let today = JST.day(ofInstant: seconds)
        if let hour = hours.last(where: { JST.instant(day: today, hour: $0) <= seconds }) {
            return JST.instant(day: today, hour: hour)
        }
        return JST.instant(day: today - 1, hour: hours.last!)
    }
}

extension JST {
    /// `text` with its leading "YYYY-MM-DD" moved by `days`, the rest (a time, an offset) kept;
    /// `text` itself when it does not start with a date.
    static func shiftingDate(of text: String, by days: Int) -> String {
        guard days != 0, let day = parseDay(text) else { return text }
        return date(ofDay: day + days) + text.dropFirst(10)
    }
}
