/// One cell of a table row: its text, its column's width, the gap before it, its alignment.
struct TableCell {
    var text: String
    var width: Int
    var gap: Int
    var right = false
    var style: TableFormatter.Style = .none

    init(_ text: String, width: Int, gap: Int, right: Bool = false, style: TableFormatter.Style = .none) {
        self.text = text
        self.width = width
        self.gap = gap
        self.right = right
        self.style = style
    }
}

extension [TableCell] {
    /// The ID and city cells a row starts with (the ID only if the layout shows it).
    init(leading layout: TableLayout, id: String, city: String) {
        self = []
        if layout.showsID { append(TableCell(id, width: TableLayout.idWidth, gap: 0)) }
        append(TableCell(city, width: layout.cityWidth, gap: layout.showsID ? 2 : 0))
    }

    /// Blank cells up to the temperatures, for the header's first line.
    init(blanksBeforeTemperaturesOf layout: TableLayout) {
        self.init(leading: layout, id: "", city: "")
        append(TableCell("", width: layout.dayWidth, gap: 2))
        if layout.showsDate { append(TableCell("", width: TableLayout.dateWidth, gap: 1)) }
        append(TableCell("", width: layout.weatherWidth, gap: 2))
    }
}
