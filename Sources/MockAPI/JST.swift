/// Japan Standard Time (UTC+09:00, no daylight saving), the clock of the agency's releases, and
/// the date and time texts of the bodies, done in whole seconds with integer arithmetic.
enum JST {
    /// JST's offset from UTC, in seconds.
    static let offset = 9 * 3600
    static let secondsPerDay = 86_400

    /// The JST day of an instant, as days since 1970-01-01 (negative before it).
    static func day(ofInstant seconds: Int) -> Int {
        (seconds + offset).floorDivided(by: secondsPerDay)
    }

    /// Seconds since 1970-01-01T00:00:00Z of `hour`:00 JST on `day`.
    static func instant(day: Int, hour: Int) -> Int {
        day * secondsPerDay + hour * 3600 - offset
    }

    /// An instant as the agency writes it, e.g. "2026-03-12T05:00:00+09:00".
    static func iso(_ seconds: Int) -> String {
        let (day, time) = split(seconds)
        return date(day, separator: "-") + "T" + clock(time) + "+09:00"
    }

    /// An instant as the API's `publicTimeFormatted`, e.g. "2026/03/12 05:00:00".
    static func formatted(_ seconds: Int) -> String {
        let (day, time) = split(seconds)
        return date(day, separator: "/") + " " + clock(time)
    }

    /// The instant of a text such as "2026-03-12T05:00:00+09:00" (any `±HH:MM` offset, or `Z`),
    /// or nil when it has another form.
    static func parseInstant(_ text: String) -> Int? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 20, utf8[10] == UInt8(ascii: "T"), let day = parseDay(text),
            let hour = number(utf8, 11, 2), utf8[13] == UInt8(ascii: ":"),
            let minute = number(utf8, 14, 2), utf8[16] == UInt8(ascii: ":"),
            let second = number(utf8, 17, 2)
        else { return nil }
        let local = day * secondsPerDay + hour * 3600 + minute * 60 + second
        if utf8.count == 20, utf8[19] == UInt8(ascii: "Z") {
            return local
        }
        guard utf8.count == 25, utf8[19] == UInt8(ascii: "+") || utf8[19] == UInt8(ascii: "-"),
            let offsetHours = number(utf8, 20, 2), utf8[22] == UInt8(ascii: ":"),
            let offsetMinutes = number(utf8, 23, 2)
        else { return nil }
        let zone = (offsetHours * 3600 + offsetMinutes * 60) * (utf8[19] == UInt8(ascii: "+") ? 1 : -1)
        return local - zone
    }

    /// The day (days since 1970-01-01) of a text starting "YYYY-MM-DD", or nil.
    static func parseDay(_ text: String) -> Int? {
        let utf8 = Array(text.utf8.prefix(10))
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            let year = number(utf8, 0, 4), let month = number(utf8, 5, 2), let day = number(utf8, 8, 2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return dayNumber(year: year, month: month, day: day)
    }

    /// `text` with its leading "YYYY-MM-DD" moved by `days`, the rest (a time, an offset) kept;
    /// `text` itself when it does not start with a date.
    static func shiftingDate(of text: String, by days: Int) -> String {
        guard days != 0, let day = parseDay(text) else { return text }
        return date(day + days, separator: "-") + text.dropFirst(10)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (Howard Hinnant's `civil_from_days`).
    static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
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

    /// The JST day and the second of that day.
    private static func split(_ seconds: Int) -> (day: Int, time: Int) {
        let day = day(ofInstant: seconds)
        return (day, seconds + offset - day * secondsPerDay)
    }

    private static func date(_ day: Int, separator: String) -> String {
        let (year, month, dayOfMonth) = civil(day)
        return padded(year, 4) + separator + padded(month, 2) + separator + padded(dayOfMonth, 2)
    }

    private static func clock(_ time: Int) -> String {
        padded(time / 3600, 2) + ":" + padded(time / 60 % 60, 2) + ":" + padded(time % 60, 2)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The decimal number in `bytes[start..<start + length]`, digits only.
    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
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
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
