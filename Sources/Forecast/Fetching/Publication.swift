internal import JapanTime

/// The weather agency's release schedule: forecasts are issued at 05:00, 11:00 and 17:00
/// Japan time (UTC+9, no daylight saving). Times are seconds since 1970 (UTC).
enum Publication {
    static let hours = [5, 11, 17]

    /// The last release at or before `time`.
    static func last(atOrBefore time: Int) -> Int {
        let (day, second) = (JST.day(ofInstant: time), JST.second(ofInstant: time))
        let hour = hours.last { $0 * 3600 <= second }
        return JST.instant(day: hour == nil ? day - 1 : day, hour: hour ?? hours.last!)
    }

    /// The first moment strictly after `time` when the API's answer changes: a release, or
    /// midnight, when the API moves its days on (明日 becomes 今日) without a new release.
    static func nextChange(after time: Int) -> Int {
        min(next(after: time), JST.instant(day: JST.day(ofInstant: time) + 1, hour: 0))
    }

    /// The first release strictly after `time`, of a forecast released at `hours` (JST, in order).
    static func next(after time: Int, hours: [Int] = hours) -> Int {
        let (day, second) = (JST.day(ofInstant: time), JST.second(ofInstant: time))
        let hour = hours.first { $0 * 3600 > second }
        return JST.instant(day: hour == nil ? day + 1 : day, hour: hour ?? hours.first!)
    }

    /// How long after its next expected release a forecast is marked stale: the agency, and the API after it, may be
    /// late, but not by this much.
    static let staleMargin = 6 * 3600

    /// When a forecast released at `time` is stale: ``staleMargin`` after the next release of a forecast released at
    /// `hours` (the weekly forecast's are 11:00 and 17:00).
    static func staleSince(_ time: Int, hours: [Int] = hours) -> Int {
        next(after: time, hours: hours) + staleMargin
    }

    /// The weekly forecast's release hours (JST): it is issued at 11:00 and 17:00 only.
    static let weeklyHours = [11, 17]
}
