/// The cities of a list read from standard input: one a line or several separated by spaces,
/// or the lines `forecast cities` prints.
enum CityList {
    /// The city arguments in `text`, each with its line (from 1), for a message that says where
    /// a bad one was read. A line with a tab is a line of TSV (`forecast cities`' ID, city,
    /// prefecture, …): its first field is taken, and a header (its first field `id`) is skipped.
    /// Any other line is split at spaces. `#` starts a comment, on a line of its own or after the
    /// cities; blank lines are skipped.
    static func entries(in text: String) -> [(text: String, line: Int)] {
        var found: [(text: String, line: Int)] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.prefix { $0 != "#" }
            if line.contains("\t") {
                let first = String(line.prefix { $0 != "\t" }.trimming { $0 == " " || $0 == "\u{3000}" })
                if !first.isEmpty, first != "id" { found.append((first, index + 1)) }
            } else {
                found += line.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).map { (String($0), index + 1) }
            }
        }
        return found
    }
}
