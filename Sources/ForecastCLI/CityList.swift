/// The cities of a list read from standard input: one a line or several separated by spaces,
/// or the lines `forecast cities` prints.
enum CityList {
    /// The city arguments in `text`. A line with a tab is a `forecast cities` line (ID, name,
    /// prefecture, English name): its first field is taken. Any other line is split at spaces.
    /// `#` starts a comment, on a line of its own or after the cities; blank lines are skipped.
    static func arguments(in text: String) -> [String] {
        entries(in: text).map(\.text)
    }

    /// The city arguments in `text`, as ``arguments(in:)`` finds them, each with its line
    /// (from 1), for a message that says where a bad one was read.
    static func entries(in text: String) -> [(text: String, line: Int)] {
        var found: [(text: String, line: Int)] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.prefix { $0 != "#" }
            if line.contains("\t") {
                let first = line.prefix { $0 != "\t" }.trimmingSpaces
                if !first.isEmpty { found.append((first, index + 1)) }
            } else {
                found += line.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).map { (String($0), index + 1) }
            }
        }
        return found
    }
}

extension Substring {
    /// The text without the spaces (ASCII or ideographic) at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\u{3000}" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }
}
