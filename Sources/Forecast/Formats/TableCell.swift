/// One cell of a table row: its text, its column's width, the gap before it, how it sits.
struct TableCell {
    var text: String
    var width: Int
    var gap: Int
    var right = false
    /// Whether text wider than the cell wraps within it; if not, it stays whole and the rest
    /// of its line moves right (a number or a date is never cut).
    var wraps = true
    var style: Style = .none

    /// The cell's text in lines of at most its width (one line if it does not wrap).
    var lines: [String] {
        guard wraps, !text.isEmpty else { return [text] }
        return TextWrap.lines(text, width: width)
    }

    /// How a table paints a piece of text: an SGR code of ANSI colour or weight, or nothing.
    ///
    /// Paint is added only when the formatter is asked for colour, and only after the text has
    /// passed the untrusted-text gate, so the only escapes in a table are these.
    enum Style: String {
        case none = ""
        case bold = "1"
        case dim = "2"
        case red = "31"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"

        /// Sun yellow, rain blue, snow cyan, by the first weather the telop names.
        static func of(telop: String?) -> Style {
            switch telop?.first {
            case "晴": .yellow
            case "雨", "大", "暴": .blue
            case "雪": .cyan
            default: .none
            }
        }

        /// A chance of rain's cell: `40%` blue from 50%, `-` dim when unknown.
        static func rain(_ value: Int?) -> (String, Style) {
            (value.map { "\($0)%" } ?? "-", value.map { $0 >= 50 ? .blue : .none } ?? .dim)
        }

        /// `text` in this style when `color` is true; as it is otherwise, or when it is empty.
        func paint(_ text: String, color: Bool) -> String {
            guard color, self != .none, !text.isEmpty else { return text }
            return "\u{1B}[\(rawValue)m\(text)\u{1B}[0m"
        }
    }
}

extension [TableCell] {
    /// One row of cells, on as many lines as its tallest cell needs, each cell padded by
    /// display width; no trailing spaces. `style`, unless `.none`, paints every cell (a header).
    func rendered(color: Bool, style rowStyle: TableCell.Style = .none) -> String {
        let wrapped = map(\.lines)
        let height = wrapped.map(\.count).max() ?? 1
        var text = ""
        for lineIndex in 0..<height {
            var line = ""
            var pending = 0  // spaces owed before the next text
            for (cell, lines) in zip(self, wrapped) {
                pending += cell.gap
                let part = lineIndex < lines.count ? lines[lineIndex] : ""
                let missing = Swift.max(0, cell.width - DisplayWidth.of(part))
                if part.isEmpty {
                    pending += cell.width
                    continue
                }
                if cell.right { pending += missing }
                let style = rowStyle == .none ? cell.style : rowStyle
                line += String(repeating: " ", count: pending) + style.paint(part, color: color)
                pending = cell.right ? 0 : missing
            }
            text += line + "\n"
        }
        return text
    }
}
