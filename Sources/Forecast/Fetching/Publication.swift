internal import JapanTime

/// The weather agency's release schedule: forecasts are issued at 05:00, 11:00 and 17:00
/// Japan time (UTC+9, no daylight saving). Times are seconds since 1970 (UTC).
enum Publication {
    static let hours = [5, 11, 17]
    private static let japanOffset = JST.offset
    private static let day = JST.secondsPerDay

    /// The last release at or before `time`.
    static func last(atOrBefore time: Int) -> Int {
        let local = time + japanOffset
        let midnight = local.floorDivided(by: day) * day
        let sinceMidnight = local - midnight
        if let hour = hours.last(where: { $0 * 3600 <= sinceMidnight }) {
            return midnight + hour * 3600 - japanOffset
        }
        return midnight - day + hours.last! * 3600 - japanOffset
    }

    /// The first moment strictly after `time` when the API's answer changes: a release, or
    /// midnight, when the API moves its days on (明日 becomes 今日) without a new release.
    static func nextChange(after time: Int) -> Int {
        let local = time + japanOffset
        let nextMidnight = (local.floorDivided(by: day) + 1) * day - japanOffset
        return min(next(after: time), nextMidnight)
    }

    /// The first release strictly after `time`.
    static func next(after time: Int) -> Int {
        let local = time + japanOffset
        let midnight = local.floorDivided(by: day) * day
        let sinceMidnight = local - midnight
        if let hour = hours.first(where: { $0 * 3600 > sinceMidnight }) {
            return midnight + hour * 3600 - japanOffset
        }
        return midnight + day + hours.first! * 3600 - japanOffset
    }

}
