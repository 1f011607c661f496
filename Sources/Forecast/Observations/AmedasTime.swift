internal import JapanTime
/// A ten-minute time of the agency's observations, as `bosai/amedas/data/latest_time.txt`
/// names it: the newest map file's time.
///
/// The file holds one ISO 8601 time in Japan time with its offset and no newline ("2025-06-28T18:00:00+09:00"); the map
/// file of that time is named by the same moment in Japan time, "20250628180000.json". A time whose minutes are not a
/// multiple of ten, or that has seconds, names no map file, and is refused rather than rounded to a guess.
public struct AmedasTime: Sendable, Hashable, Comparable {
    /// Seconds since 1970 (UTC).
    public let epoch: Int

    /// The time `latest_time.txt` holds; white space around it is ignored. Nil for a text that
    /// is not an ISO 8601 time with an offset on a ten-minute mark.
    public init?(latestTime text: String) {
        var time = Substring(text)
        while time.first?.isWhitespace == true { time.removeFirst() }
        while time.last?.isWhitespace == true { time.removeLast() }
        guard let epoch = JST.parseInstant(String(time)), epoch % 600 == 0 else { return nil }
        self.epoch = epoch
    }

    /// The time `observed` names ("2025-06-28T18:00+09:00"), or nil for another text.
    public init?(observed text: String) {
        guard text.count == 22 else { return nil }
        self.init(latestTime: String(text.prefix(16)) + ":00" + String(text.suffix(6)))
    }

    /// The time of seconds since 1970; for tests and the mock.
    public init(epoch: Int) {
        self.epoch = epoch
    }

    /// The map file's name without ".json": the time in Japan as YYYYMMDDHHmm00.
    public var fileName: String {
        let (date, hour, minute) = japan
        return date.filter { $0 != "-" } + hour + minute + "00"
    }

    /// The time as the observations print it: "2025-06-28T18:00+09:00".
    public var observed: String {
        let (date, hour, minute) = japan
        return date + "T" + hour + ":" + minute + "+09:00"
    }

    /// The time as messages name it: "2025-06-28 18:00" (Japan time).
    public var minute: String {
        let (date, hour, minute) = japan
        return date + " " + hour + ":" + minute
    }

    /// The date, the hour and the minute in Japan, each zero-padded.
    private var japan: (date: String, hour: String, minute: String) {
        let time = AgencyTime(epoch: epoch)
        return (JST.date(ofDay: time.day), JST.padded(time.second / 3600, 2), JST.padded(time.second / 60 % 60, 2))
    }

    public static func < (lhs: AmedasTime, rhs: AmedasTime) -> Bool {
        lhs.epoch < rhs.epoch
    }
}
