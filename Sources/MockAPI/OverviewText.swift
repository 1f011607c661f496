/// The forecaster's overview the mock writes where it has no real one: a paragraph per area
/// that says today's and tomorrow's weather in the agency's words, shaped as the agency's text
/// is (paragraphs that start with U+3000, a blank line between them).
///
/// It names days as 今日 and 明日 rather than by date, as a real overview does ("１９日は"),
/// so that a body moved to today's dates by a release stamp still reads true.
enum OverviewText {
    /// One area's paragraph: "　大阪府では、今日は晴れ時々くもり、明日はくもり一時雨でしょう。"
    ///
    /// - Parameters:
    ///   - area: the area's name.
    ///   - today: today's weather, as the agency's `weathers` line writes it.
    ///   - tomorrow: tomorrow's, if known.
    static func paragraph(area: String, today: String, tomorrow: String?) -> String {
        var text = "\u{3000}\(area)では、今日は\(prose(today))"
        if let tomorrow {
            text += "、明日は\(prose(tomorrow))"
        }
        return text + "でしょう。"
    }

    /// The paragraphs as one text; a sentence naming `area` when there are none.
    static func text(_ paragraphs: [String], area: String) -> String {
        paragraphs.isEmpty ? "\u{3000}\(area)の天気の概況はありません。" : paragraphs.joined(separator: "\n\n")
    }

    /// A `weathers` line as prose: the agency spaces its words with U+3000 ("晴れ　時々　くもり").
    static func prose(_ line: String) -> String {
        String(line.filter { $0 != "\u{3000}" })
    }
}
