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
            case .rain(let period): column.rainCell(day.chanceOfRain.periods[period])
            case .rainAhead: column.rainCell(day.chanceOfRain.periods.compactMap { $0 }.max())
            }
        }
    }
}
