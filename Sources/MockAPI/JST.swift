internal import JapanTime

extension JST {
    /// `text` with its leading "YYYY-MM-DD" moved by `days`, the rest (a time, an offset) kept;
    /// `text` itself when it does not start with a date.
    static func shiftingDate(of text: String, by days: Int) -> String {
        guard days != 0, let day = parseDay(text) else { return text }
        return date(ofDay: day + days) + text.dropFirst(10)
    }
}
