/// The columns a table shows at a width: the first stage of a fixed drop sequence that fits.
///
/// A table names all its columns and, in order, the steps that make it narrower: each drops a column or merges several
/// into one. Stage 0 is every column; stage k is stage k - 1 with step k applied. The layout is the first stage whose
/// columns, at their least widths, fit the width; the columns with room to grow then share what is left, in order, each
/// up to its widest. A stage that fits a width fits every larger one, so the stage chosen never goes up as the width
/// grows: a column shown at a width is shown at every larger width. When not even the last stage fits, it is used at
/// its least widths and the rows are wider than asked, since a table would rather overflow than cut a name or a number.
///
/// Any table can use it: the daily table (`TableLayout`) and one with a column per day alike.
struct ColumnLayout<Key: Equatable & Sendable>: Equatable, Sendable {
    /// One column of a table: which it is, its width, the gap before it, and how its text sits.
    ///
    /// A column's width is fixed, except for a column with room to grow (`widest` above `width`), which takes what the
    /// terminal leaves, up to `widest`. Text that wraps (names, phrases, reasons) breaks within the width; text that
    /// does not (numbers, dates, IDs) stays whole on one line, since a number cut in two reads as two numbers.
    struct Column: Equatable, Sendable {
        /// Which column this is, in the table's own terms.
        var key: Key
        /// Its width in terminal cells: the least, for a column with room to grow.
        var width: Int
        /// The most a column with room to grow takes; `width` for any other.
        var widest: Int
        /// Spaces before it (none for a row's first column).
        var gap: Int
        /// Right-aligned (numbers) rather than left-aligned (text).
        var right: Bool
        /// Whether text wider than the column wraps within it, or stays whole.
        var wraps: Bool

        /// A column of `width` cells, growing up to `widest` if given, `gap` spaces after the one before.
        init(_ key: Key, width: Int, upTo widest: Int? = nil, gap: Int, right: Bool = false, wraps: Bool = true) {
            self.key = key
            self.width = width
            self.widest = max(width, widest ?? width)
            self.gap = gap
            self.right = right
            self.wraps = wraps
        }

        /// A cell of this column that holds `text`.
        func cell(_ text: String, style: TableCell.Style = .none) -> TableCell {
            TableCell(text: text, width: width, gap: gap, right: right, wraps: wraps, style: style)
        }
    }

    /// One step of a drop sequence.
    enum Step: Equatable, Sendable {
        /// The column goes.
        case drop(Key)
        /// These columns become one, where the first of them was.
        case merge([Key], into: Column)
    }

    /// A label over a run of adjacent columns: a header's unit, a failed city's reason.
    struct Span {
        var keys: [Key]
        var text: String
        var right = false
        var style = TableCell.Style.none
    }

    /// The columns shown, in order, with their final widths; the first has no gap.
    private(set) var columns: [Column]
    /// How many steps of the sequence were taken.
    let stage: Int

    /// The layout of `all` columns for `width` cells, taking as few of `steps` as it can.
    init(width: Int, columns all: [Column], steps: [Step]) {
        var stage = 0
        var columns = Self.normalized(all)
        while stage < steps.count, Self.leastWidth(columns) > width {
            columns = Self.normalized(Self.apply(steps[stage], to: columns))
            stage += 1
        }
        var room = width - Self.leastWidth(columns)
        for index in columns.indices where room > 0 {
            let grown = min(columns[index].widest, columns[index].width + room)
            room -= grown - columns[index].width
            columns[index].width = grown
        }
        self.columns = columns
        self.stage = stage
    }

    /// The width of a whole row: the columns and the gaps between them.
    var totalWidth: Int { Self.leastWidth(columns) }

    /// The column of `key`, if it is shown.
    func column(_ key: Key) -> Column? {
        columns.first { $0.key == key }
    }

    func shows(_ key: Key) -> Bool {
        column(key) != nil
    }

    /// The cells of one row: each shown column's from `cell` (nil leaves it blank), except
    /// that the shown columns of a span share one cell, as wide as they are with their gaps.
    func cells(spans: [Span] = [], _ cell: (Column) -> TableCell?) -> [TableCell] {
        var cells: [TableCell] = []
        var index = columns.startIndex
        while index < columns.endIndex {
            let column = columns[index]
            guard let span = spans.first(where: { $0.keys.contains(column.key) }) else {
                cells.append(cell(column) ?? column.cell(""))
                index += 1
                continue
            }
            var width = column.width
            index += 1
            while index < columns.endIndex, span.keys.contains(columns[index].key) {
                width += columns[index].gap + columns[index].width
                index += 1
            }
            cells.append(TableCell(text: span.text, width: width, gap: column.gap, right: span.right, style: span.style))
        }
        return cells
    }

    /// A row that says what it is in some columns and spans `text` across all the others:
    /// a failed city's ID and name, then why.
    func labelledRow(_ labels: [(key: Key, text: String)], across text: String, style: TableCell.Style) -> [TableCell] {
        let rest = columns.map(\.key).filter { key in !labels.contains { $0.key == key } }
        return cells(spans: [Span(keys: rest, text: text, style: style)]) { column in
            labels.first { $0.key == column.key }.map { column.cell($0.text) }
        }
    }

    /// The spaces before the text of the column of `key`: the columns and gaps ahead of it and
    /// its own gap; 0 when it is not shown.
    func indent(of key: Key) -> Int {
        var indent = 0
        for column in columns {
            if column.key == key { return indent + column.gap }
            indent += column.gap + column.width
        }
        return 0
    }

    /// The columns at their least widths, with the gaps between them.
    private static func leastWidth(_ columns: [Column]) -> Int {
        columns.reduce(0) { $0 + $1.gap + $1.width }
    }

    /// The first column loses its gap: a row starts at the terminal's edge.
    private static func normalized(_ columns: [Column]) -> [Column] {
        var columns = columns
        if !columns.isEmpty { columns[0].gap = 0 }
        return columns
    }

    private static func apply(_ step: Step, to columns: [Column]) -> [Column] {
        switch step {
        case .drop(let key):
            return columns.filter { $0.key != key }
        case .merge(let keys, let merged):
            guard let first = columns.firstIndex(where: { keys.contains($0.key) }) else { return columns }
            var kept = columns.filter { !keys.contains($0.key) }
            kept.insert(merged, at: first)
            return kept
        }
    }
}

extension ColumnLayout {
    /// A failed city keeps its row: its ID and name in `labels`, and why, across the rest.
    func failedRow(_ labels: [(key: Key, text: String)], error: ForecastError?) -> [TableCell] {
        labelledRow(labels, across: "failed: " + ValueText.field(error.map { "\($0)" } ?? "unknown error"), style: .red)
    }

    /// Under a stale value's rows, from `indent`: how old it is, and why (a copy's failed fetch, or the source's old data:
    /// nothing newer), within the row's width.
    func staleLines(_ stale: Staleness, indent: Int, color: Bool) -> String {
        let line = "(stale, \(stale.ageText) old: \(stale.reason))"
        return TextWrap.lines(line, width: totalWidth - indent).map {
            String(repeating: " ", count: indent) + TableCell.Style.dim.paint($0, color: color) + "\n"
        }.joined()
    }
}
