extension TableFormatter {
    /// One row of cells, on as many lines as its tallest cell needs; no trailing spaces.
    func render(_ cells: [TableCell], style rowStyle: Style = .none) -> String {
        let wrapped = cells.map { cell in
            cell.text.isEmpty ? [""] : TextWrap.lines(cell.text, width: cell.width)
        }
        let height = wrapped.map(\.count).max() ?? 1
        var text = ""
        for lineIndex in 0..<height {
            var line = ""
            var pending = 0  // spaces owed before the next text
            for (cell, lines) in zip(cells, wrapped) {
                pending += cell.gap
                let part = lineIndex < lines.count ? lines[lineIndex] : ""
                let missing = max(0, cell.width - DisplayWidth.of(part))
                if part.isEmpty {
                    pending += cell.width
                    continue
                }
                if cell.right { pending += missing }
                line += String(repeating: " ", count: pending) + paint(part, rowStyle == .none ? cell.style : rowStyle)
                pending = cell.right ? 0 : missing
            }
            text += line + "\n"
        }
        return text
    }
}
