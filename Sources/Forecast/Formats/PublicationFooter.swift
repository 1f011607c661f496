/// The lines that close a table: when each printed city's forecast was published.
///
/// ```
/// 発表 2022-05-19 05:00 JST: 東京、横浜
/// 発表 2024-02-12 17:00 JST: 岡山
/// ```
///
/// One line without names when every city shares its time, else one line per time, in the order the times first appear,
/// naming its cities. A stale copy counts with its own time (the copy's `publicTime`); a failed city, with no forecast,
/// has none. A line wraps between cities and between the words before them, never inside a name, a date or a time; its
/// later lines are indented by two cells. Any table can close with it: it reads only names and times.
struct PublicationFooter {
    /// The publication times, in order of first appearance, each with its cities' names.
    private(set) var times: [(time: String, cities: [String])] = []
    /// The word before a time.
    var lead: (ja: String, en: String) = ("発表", "Published")

    /// The footer of cities named `name` with a publication time `time`, in the order printed.
    init(_ entries: [(time: String, name: String)]) {
        for entry in entries {
            if let index = times.firstIndex(where: { $0.time == entry.time }) {
                times[index].cities.append(entry.name)
            } else {
                times.append((entry.time, [entry.name]))
            }
        }
    }

    /// The footer of the results that have a value, fresh or stale, with their names in `language`.
    init<Report: CityReport>(results: [CityResult<Report>], language: Language) {
        self.init(results.compactMap { result in
            result.value.map { (time: Report.layout.published($0), name: result.name(language)) }
        })
        lead = Report.layout.timeLead
    }

    /// The lines, each at most `width` cells where its pieces allow, all through the gate.
    func lines(width: Int, language: Language) -> [String] {
        let lead = language == .en ? lead.en : lead.ja
        let separator = language == .en ? ", " : "、"
        var lines: [String] = []
        for entry in times {
            let time = ValueText.field(ValueText.publicationTime(entry.time))
            var words = ([lead] + time.split(separator: " ").map(String.init)).map { $0 + " " }
            var pieces: [String] = []
            if times.count > 1 {
                words[words.count - 1] = String(words[words.count - 1].dropLast()) + ": "
                pieces = entry.cities.enumerated().map { index, name in
                    ValueText.field(name) + (index < entry.cities.count - 1 ? separator : "")
                }
            }
            lines += TextWrap.lines(pieces: words + pieces, width: width, indent: 2)
        }
        return lines
    }

    /// The credit the agency's terms of use ask for, under anything printed from its file: `出典: 気象庁`, or `Source: Japan
    /// Meteorological Agency`, with the cities it covers in brackets when it does not cover them all (`出典: 気象庁
    /// (横浜、大阪)`), wrapping between words and names.
    static func creditLines(width: Int, language: Language, cities: [String] = []) -> [String] {
        var credit = language == .en ? ["Source: ", "Japan ", "Meteorological ", "Agency"] : ["出典: ", "気象庁"]
        let separator = language == .en ? ", " : "、"
        for (index, name) in cities.enumerated() {
            credit[credit.count - 1] += index == 0 ? " " : ""
            credit.append((index == 0 ? "(" : "") + name + (index == cities.count - 1 ? ")" : separator))
        }
        return TextWrap.lines(pieces: credit, width: width, indent: 2)
    }
}
