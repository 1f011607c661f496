extension TableFormatter {
    /// The cells of one day of a city: the ID and name only on its first day.
    func dayRow(_ day: DailyForecast, id: String, city: String, layout: TableLayout) -> [TableCell] {
        let temperature = fahrenheit
            ? (min: day.temperature.min.fahrenheit, max: day.temperature.max.fahrenheit)
            : (min: day.temperature.min.celsius, max: day.temperature.max.celsius)
        return layout.chosen.cells { column in
            switch column.key {
            case .id: column.cell(id)
            case .city: column.cell(city)
            case .day: column.cell(ValueText.field(language.dayLabel(day)))
            case .date: column.cell(ValueText.field(String(day.date.suffix(5))))
            case .weather: column.cell(ValueText.field(language.telop(day) ?? "-"), style: TableCell.Style.of(telop: day.telop))
            case .min: column.cell(ValueText.number(temperature.min) ?? "-", style: .cyan)
            case .max: column.cell(ValueText.number(temperature.max) ?? "-", style: .red)
            case .rain(let period): Self.rainCell(day.chanceOfRain.periods[period], column)
            case .rainAhead: Self.rainCell(day.chanceOfRain.periods.compactMap { $0 }.max(), column)
            }
        }
    }

    /// A chance of rain: blue from 50%, dim when unknown.
    static func rainCell(_ value: Int?, _ column: TableLayout.Column) -> TableCell {
        column.cell(value.map { "\($0)%" } ?? "-", style: value.map { $0 >= 50 ? .blue : .none } ?? .dim)
    }

    /// A failed city keeps its row: its ID and name, and why, across the rest of the row.
    func failedRow(_ result: FetchResult, city: String, layout: TableLayout) -> [TableCell] {
        let reason = "failed: " + ValueText.field(result.error.map { "\($0)" } ?? "unknown error")
        return layout.chosen.labelledRow([(.id, result.city.id), (.city, city)], across: reason, style: .red)
    }

    /// Under a stale copy's name: the copy is old, and how old, within the row's width.
    func staleLines(_ stale: StaleCopy, layout: TableLayout) -> String {
        let indent = layout.cityIndent
        let line = "(stale, \(stale.ageText) old: the fetch failed)"
        return TextWrap.lines(line, width: layout.totalWidth - indent).map {
            String(repeating: " ", count: indent) + TableCell.Style.dim.paint($0, color: color) + "\n"
        }.joined()
    }
}
