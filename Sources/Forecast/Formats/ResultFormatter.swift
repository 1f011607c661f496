/// Turns results into text: a prologue, one block per city in input order, an epilogue.
///
/// `Item` is what one city came to: a ``FetchResult`` for the 3-day forecast, a
/// ``WeeklyResult`` for the week. Blocks are independent so that a caller can write each city
/// the moment it is ready; the whole output is `format(_:)`. Every formatter is a pure function
/// of its input.
public protocol ResultFormatter<Item>: Sendable {
    /// What one city came to.
    associatedtype Item
    /// Written before the first city (a header line, an opening bracket), possibly "".
    var prologue: String { get }
    /// The text for one city; `index` is its position in the input (0 for the first).
    func block(for result: Item, index: Int) -> String
    /// Written after the last city, possibly "".
    var epilogue: String { get }
    /// Written after the last city when the results of the run are known: what depends on all
    /// of them (the table's publication times). `epilogue` unless a formatter says otherwise;
    /// one whose epilogue reads the results must say so in `epilogueReadsResults`.
    func epilogue(for results: [Item]) -> String
    /// Whether `epilogue(for:)` reads the results. When false (the default), a caller that
    /// writes each city as it arrives need not keep them: `epilogue(for: [])` is the same text.
    var epilogueReadsResults: Bool { get }
}

extension ResultFormatter {
    /// `epilogue`, whatever the results.
    public func epilogue(for results: [Item]) -> String { epilogue }
    /// False: by default the epilogue is `epilogue`, whatever the results.
    public var epilogueReadsResults: Bool { false }

    /// The whole output of a run: the prologue, every city's block in order, the epilogue.
    public func format(_ results: [Item]) -> String {
        var text = prologue
        for (index, result) in results.enumerated() {
            text += block(for: result, index: index)
        }
        return text + epilogue(for: results)
    }
}

/// Shared rendering of values.
enum ValueText {
    /// A number as the API writes it: "12", "-1", "57.2"; nil for unknown.
    static func number(_ value: Double?) -> String? {
        value.map(NumberText.decimal)
    }

    /// Text from outside, through the gate: tabs and line breaks become spaces, so a value
    /// stays within its TSV field and its line, and controls a visible stand-in.
    static func field(_ text: String?) -> String {
        guard let text else { return "" }
        return UntrustedText.sanitized(text)
    }

    /// One TSV line: the fields joined by tabs, and a newline. Joined by hand: `joined(separator:)`
    /// on `[String]` runs unspecialized here, and its first call costs the Swift runtime a scan
    /// of every conformance in the image at each start.
    static func tabLine(_ fields: [String]) -> String {
        var line = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { line += "\t" }
            line += field
        }
        line += "\n"
        return line
    }

    /// The highest chance of rain among the periods still ahead (the API has no number for a
    /// past one), with `%`: "10%"; nil when every period is past or unknown.
    static func rainAhead(_ day: DailyForecast) -> String? {
        day.chanceOfRain.periods.compactMap { $0 }.max().map { "\($0)%" }
    }

    /// A publication time as people read it: "2022-05-19T05:00:00+09:00" becomes
    /// "2022-05-19 05:00 JST" (Japan's offset) or "2022-05-19 05:00 +01:00"; another text is
    /// kept as it is.
    static func publicationTime(_ iso: String) -> String {
        let characters = Array(iso)
        guard characters.count == 25, characters[10] == "T", characters[16] == ":" else { return iso }
        let offset = String(characters[19...])
        return String(characters[0..<10]) + " " + String(characters[11..<16]) + " " + (offset == "+09:00" ? "JST" : offset)
    }

    /// The days to show of a forecast: the first `days` of them, and at least one (a `days`
    /// below 1 would print a city as if it had no forecast at all).
    static func days(_ forecast: CityForecast, _ days: Int) -> ArraySlice<DailyForecast> {
        forecast.forecasts.prefix(max(1, days))
    }
}
