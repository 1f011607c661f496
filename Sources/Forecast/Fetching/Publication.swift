/// The weather agency's release schedule: forecasts are issued at 05:00, 11:00 and 17:00
/// Japan time (UTC+9, no daylight saving). Times are seconds since 1970 (UTC).
enum Publication {
    static let hours = [5, 11, 17]
    private static let japanOffset = 9 * 3600
    private static let day = 86_400

    /// The last release at or before `time`.
    static func last(atOrBefore time: Int) -> Int {
        let local = time + japanOffset
        let midnight = floorDiv(local, day) * day
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
        let nextMidnight = (floorDiv(local, day) + 1) * day - japanOffset
        return min(next(after: time), nextMidnight)
    }

    /// The first release strictly after `time`.
    static func next(after time: Int) -> Int {
        let local = time + japanOffset
        let midnight = floorDiv(local, day) * day
        let sinceMidnight = local - midnight
        if let hour = hours.first(where: { $0 * 3600 > sinceMidnight }) {
            return midnight + hour * 3600 - japanOffset
        }
        return midnight + day + hours.first! * 3600 - japanOffset
    }

    /// Seconds since 1970 for an ISO 8601 time with offset, "2022-05-19T05:00:00+09:00"
    /// (also "Z"); nil if it is not one.
    static func parse(_ text: String) -> Int? {
        let s = Array(text.utf8)
        guard s.count >= 20, s[4] == 0x2D, s[7] == 0x2D, s[10] == 0x54 || s[10] == 0x20,
              s[13] == 0x3A, s[16] == 0x3A,
              let year = digits(s, 0, 4), let month = digits(s, 5, 2), let dayOfMonth = digits(s, 8, 2),
              let hour = digits(s, 11, 2), let minute = digits(s, 14, 2), let second = digits(s, 17, 2),
              (1...12).contains(month), (1...31).contains(dayOfMonth), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if index < s.count, s[index] == 0x2E {  // fractional seconds, ignored
            index += 1
            while index < s.count, (0x30...0x39).contains(s[index]) { index += 1 }
        }
        guard index < s.count else { return nil }
        var offset = 0
        if s[index] == 0x5A {  // Z
            guard index + 1 == s.count else { return nil }
        } else {
            guard s[index] == 0x2B || s[index] == 0x2D, index + 6 == s.count, s[index + 3] == 0x3A,
                  let offsetHours = digits(s, index + 1, 2), let offsetMinutes = digits(s, index + 4, 2)
            else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (s[index] == 0x2D ? -1 : 1)
        }
        let days = daysFromCivil(year: year, month: month, day: dayOfMonth)
        return days * day + hour * 3600 + minute * 60 + second - offset
    }

    private static func digits(_ s: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in s[start..<start + count] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
