internal import JapanTime

/// A moment of the agency's files in Japan time: the day and the seconds since its midnight.
///
/// The files write times as ISO 8601 with an offset ("2021-07-25T00:00:00+09:00"). Days and hours are compared in Japan
/// time (UTC+9, no daylight saving), whatever offset a file uses, so a value is matched to a day and a time of day by
/// its `timeDefines` entry, never by its position in an array.
struct AgencyTime: Equatable, Sendable {
    /// Days since 1970-01-01 of the date in Japan.
    let day: Int
    /// Seconds since that date's midnight in Japan.
    let second: Int

    /// Today's date in Japan, "YYYY-MM-DD", at `epoch` seconds since 1970.
    static func today(epoch: Int) -> String {
        JST.date(ofDay: AgencyTime(epoch: epoch).day)
    }

    /// The moment `seconds` since 1970 (UTC), in Japan time.
    init(epoch seconds: Int) {
        day = JST.day(ofInstant: seconds)
        second = JST.second(ofInstant: seconds)
    }

    /// The moment an ISO 8601 time with offset names, or nil if the text is not one.
    init?(_ text: String) {
        guard let seconds = JST.parseInstant(text) else { return nil }
        self.init(epoch: seconds)
    }

    /// The day `day` at `hour`:00 in Japan.
    init(day: Int, hour: Int) {
        self.day = day
        second = hour * 3600
    }

    /// The days since 1970-01-01 of a date written "YYYY-MM-DD", or nil if it is not one.
    static func day(ofDate text: String) -> Int? {
        text.utf8.count == 10 ? JST.parseDay(text) : nil
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
}
