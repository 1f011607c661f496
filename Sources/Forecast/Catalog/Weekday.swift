/// A day of the week, as the agency's weekly page heads its columns: 日 月 火 水 木 金 土, or Sun to Sat in English.
public enum Weekday: Int, Sendable, CaseIterable {
    /// 日, Sun.
    case sunday = 0
    /// 月, Mon.
    case monday
    /// 火, Tue.
    case tuesday
    /// 水, Wed.
    case wednesday
    /// 木, Thu.
    case thursday
    /// 金, Fri.
    case friday
    /// 土, Sat.
    case saturday

    /// The weekday of a day counted from 1970-01-01, which was a Thursday.
    init(day: Int) {
        self = Weekday(rawValue: ((day + 4) % 7 + 7) % 7)!
    }

    /// The weekday of a date written "YYYY-MM-DD" (a forecast's `date`), or nil if it is not one.
    public init?(date: String) {
        guard let day = AgencyTime.day(ofDate: date) else { return nil }
        self.init(day: day)
    }

    /// Its name in one character (日, 月, …) or in three letters (Sun, Mon, …).
    public func name(_ language: Language) -> String {
        (language == .en ? Self.english : Self.japanese)[rawValue]
    }

    private static let japanese = ["日", "月", "火", "水", "木", "金", "土"]
    private static let english = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
}
