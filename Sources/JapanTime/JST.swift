/// Japan Standard Time (UTC+09:00, no daylight saving): the clock of the agency's files and
/// releases, done in whole seconds with integer arithmetic, for the library and its mock alike.
///
/// An instant is seconds since 1970-01-01T00:00:00Z; a day is days since 1970-01-01 (negative
/// before it) of the proleptic Gregorian calendar, counted in Japan.
public enum JST {
    /// JST's offset from UTC, in seconds.
    public static let offset = 9 * 3600
    /// Seconds in a day; JST has no daylight saving, so every day has as many.
    public static let secondsPerDay = 86_400

    /// The JST day of an instant.
    public static func day(ofInstant seconds: Int) -> Int {
        (seconds + offset).floorDivided(by: secondsPerDay)
    }

    /// The seconds since that JST day's midnight of an instant, 0 to 86 399.
    public static func second(ofInstant seconds: Int) -> Int {
        seconds + offset - day(ofInstant: seconds) * secondsPerDay
    }

    /// The instant of `hour`:00 JST on `day`.
    public static func instant(day: Int, hour: Int) -> Int {
        day * secondsPerDay + hour * 3600 - offset
    }

    /// The day of a date (Howard Hinnant's `days_from_civil`).
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day (Howard Hinnant's `civil_from_days`).
    public static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// "YYYY-MM-DD" of a day, or with another separator ("YYYY/MM/DD").
    public static func date(ofDay day: Int, separator: String = "-") -> String {
        let (year, month, dayOfMonth) = civil(day)
        return padded(year, 4) + separator + padded(month, 2) + separator + padded(dayOfMonth, 2)
    }

    /// The day of a text that starts with "YYYY-MM-DD" (what follows is not read), or nil when
    /// it does not, or when the month is not 1–12 or the day not 1–31.
    public static func parseDay(_ text: String) -> Int? {
        day(Array(text.utf8.prefix(10)))
    }

    /// The instant of an ISO 8601 time with an offset, "2022-05-19T05:00:00+09:00" (any `±HH:MM`, or `Z`; a space for
    /// the `T`; fractional seconds, ignored), or nil if the text is not one.
    public static func parseInstant(_ text: String) -> Int? {
        let s = Array(text.utf8)
        guard s.count >= 20, let day = day(s), s[10] == UInt8(ascii: "T") || s[10] == UInt8(ascii: " "),
              s[13] == UInt8(ascii: ":"), s[16] == UInt8(ascii: ":"),
              let hour = digits(s, 11, 2), let minute = digits(s, 14, 2), let second = digits(s, 17, 2),
              hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if s[index] == UInt8(ascii: ".") {  // fractional seconds, ignored
            index += 1
            while index < s.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(s[index]) { index += 1 }
        }
        guard index < s.count else { return nil }
        var zone = 0
        if s[index] == UInt8(ascii: "Z") {
            guard index + 1 == s.count else { return nil }
        } else {
            guard s[index] == UInt8(ascii: "+") || s[index] == UInt8(ascii: "-"), index + 6 == s.count,
                  s[index + 3] == UInt8(ascii: ":"),
                  let zoneHours = digits(s, index + 1, 2), let zoneMinutes = digits(s, index + 4, 2)
            else { return nil }
            zone = (zoneHours * 3600 + zoneMinutes * 60) * (s[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        return day * secondsPerDay + hour * 3600 + minute * 60 + second - zone
    }

    /// An instant as the agency writes it, e.g. "2026-03-12T05:00:00+09:00".
    public static func iso(_ seconds: Int) -> String {
        date(ofDay: day(ofInstant: seconds)) + "T" + clock(second(ofInstant: seconds)) + "+09:00"
    }

    /// An instant as the API's `publicTimeFormatted`, e.g. "2026/03/12 05:00:00".
    public static func formatted(_ seconds: Int) -> String {
        date(ofDay: day(ofInstant: seconds), separator: "/") + " " + clock(second(ofInstant: seconds))
    }

    /// `value` with zeros before it to `width` digits: "05".
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The day of the "YYYY-MM-DD" that `s` starts with.
    private static func day(_ s: [UInt8]) -> Int? {
        guard s.count >= 10, s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"),
              let year = digits(s, 0, 4), let month = digits(s, 5, 2), let day = digits(s, 8, 2),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return dayNumber(year: year, month: month, day: day)
    }

    /// "HH:MM:SS" of a second of the day.
    private static func clock(_ time: Int) -> String {
        padded(time / 3600, 2) + ":" + padded(time / 60 % 60, 2) + ":" + padded(time % 60, 2)
    }

    /// The decimal number in `bytes[start..<start + length]`, digits only.
    private static func digits(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + length] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension Int {
    /// The quotient rounded toward negative infinity (`/` rounds toward zero).
    public func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
