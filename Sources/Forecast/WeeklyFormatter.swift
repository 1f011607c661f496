/// Turns weekly results into text: a prologue, one block per city in input order, an epilogue.
///
/// The weekly counterpart of ``ResultFormatter``, with the same contract: blocks are
/// independent, so a caller can write each city the moment it is ready; every formatter is a
/// pure function of its input; the whole output is `format(_:)`. The weeks always come from
/// the weather agency, so what credits the source says so.
public protocol WeeklyFormatter: Sendable {
    /// Written before the first city (a header line, an opening bracket), possibly "".
    var prologue: String { get }
    /// The text for one city; `index` is its position in the input (0 for the first).
    func block(for result: WeeklyResult, index: Int) -> String
    /// Written after the last city, possibly "".
    var epilogue: String { get }
    /// Written after the last city when the results of the run are known (the table's
    /// publication times); `epilogue` unless a formatter says otherwise in `epilogueReadsResults`.
    func epilogue(for results: [WeeklyResult]) -> String
    /// Whether `epilogue(for:)` reads the results. When false (the default), a caller that
    /// writes each city as it arrives need not keep them.
    var epilogueReadsResults: Bool { get }
}

extension WeeklyFormatter {
    /// `epilogue`, whatever the results.
    public func epilogue(for results: [WeeklyResult]) -> String { epilogue }
    /// False: by default the epilogue is `epilogue`, whatever the results.
    public var epilogueReadsResults: Bool { false }

    /// The whole output of a run: the prologue, every city's block in order, the epilogue.
    public func format(_ results: [WeeklyResult]) -> String {
        var text = prologue
        for (index, result) in results.enumerated() {
            text += block(for: result, index: index)
        }
        return text + epilogue(for: results)
    }
}
