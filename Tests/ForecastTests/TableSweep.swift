import Forecast
import Testing

/// What a width sweep reads of one rendering of a table (the 3-day one or the week's).
protocol SweptTable {
    /// The whole text, for the report of a broken rendering.
    var text: String { get }
    /// Its lines.
    var lines: [String] { get }
    /// The columns the header shows.
    var columns: [String] { get }
    /// Everything broken or missing, as sentences; empty when the table keeps every rule.
    func problems() -> [String]
}

/// The rules every table keeps from 40 to 120 columns: no line wider than the width, nothing
/// `problems()` finds, and no column shown at one width that is gone at a larger one.
func sweepFortyToOneTwenty<Table: SweptTable>(
    _ label: String, sourceLocation: SourceLocation = #_sourceLocation, render: (Int) throws -> Table
) rethrows {
    var previous: [String] = []
    for width in 40...120 {
        let table = try render(width)
        for line in table.lines {
            #expect(DisplayWidth.of(line) <= width, "\(label) at \(width): \(line)", sourceLocation: sourceLocation)
        }
        recordProblems(of: table, "\(label) at \(width)", sourceLocation: sourceLocation)
        let lost = previous.filter { !table.columns.contains($0) }
        #expect(lost.isEmpty, "\(label): \(lost) shown at \(width - 1), gone at \(width)", sourceLocation: sourceLocation)
        previous = table.columns
    }
}

/// Records each of the table's problems as an issue, with the table.
func recordProblems<Table: SweptTable>(of table: Table, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for problem in table.problems() {
        Issue.record("\(label): \(problem)\n\(table.text)", sourceLocation: sourceLocation)
    }
}
