/// A moment of the agency's files in Japan time: the day and the seconds since its midnight.
///
/// The files write times as ISO 8601 with an offset ("2021-07-25T00:00:00+09:00"). Days and
/// hours are compared in Japan time (UTC+9, no daylight saving), whatever offset a file uses,
/// so a value is matched to a day and a time of day by its `timeDefines` entry, never by its
/// position in an array.
struct AgencyTime: Equatable, Sendable {
    /// Days since 1970-01-01 of the date in Japan.
    let day: Int
    /// Seconds since that date's midnight in Japan.
    let second: Int

    private static let japanOffset = 9 * 3600
    private static let secondsPerDay = 86_400

    /// The moment `seconds` since 1970 (UTC), in Japan time.
    init(epoch seconds: Int) {
        let local = seconds + Self.japanOffset
        day = Self.floorDiv(local, Self.secondsPerDay)
        second = local - day * Self.secondsPerDay
    }

    /// The moment an ISO 8601 time with offset names, or nil if the text is not one.
    init?(_ text: String) {
        guard let seconds = Publication.parse(text) else { return nil }
        self.init(epoch: seconds)
    }

    /// The day `day` at `hour`:00 in Japan.
    init(day: Int, hour: Int) {
        self.day = day
        second = hour * 3600
    }

    /// The days since 1970-01-01 of a date written "YYYY-MM-DD", or nil if it is not one.
    static func day(ofDate text: String) -> Int? {
        let s = Array(text.utf8)
        guard s.count == 10, s[4] == 0x2D, s[7] == 0x2D,
              let year = number(s[0..<4]), let month = number(s[5..<7]), let day = number(s[8..<10]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return Publication.daysFromCivil(year: year, month: month, day: day)
    }

    /// "YYYY-MM-DD" of a day since 1970-01-01 (Howard Hinnant's civil-from-days).
    static func date(ofDay day: Int) -> String {
        let z = day + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(dayOfMonth, 2)
    }

    /// "Y/m/d H:i:s" of an ISO 8601 time, in the time's own offset, as the API writes
    /// `publicTimeFormatted`: "2021/07/24 11:00:00"; another text is kept as it is.
    static func formatted(_ iso: String) -> String {
        let s = Array(iso.utf8)
        guard s.count >= 19, s[4] == 0x2D, s[7] == 0x2D, s[10] == 0x54, s[13] == 0x3A, s[16] == 0x3A else { return iso }
        var out = s[0..<19]
        out[4] = 0x2F
        out[7] = 0x2F
        out[10] = 0x20
        return String(decoding: out, as: UTF8.self)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `value` with zeros before it to `width` digits: "05".
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
