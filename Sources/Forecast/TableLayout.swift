/// Which columns a table shows and how wide each is, for a terminal of a given width.
///
/// The full table (ID, city, day, date, weather, min, max and four chances of rain) fits 80
/// columns in Japanese. On a narrower terminal, or in English where names and phrases are
/// longer, columns go in this order until the weather column has room for a short phrase: the
/// date, the ID, then the four rain columns become one (the highest chance still ahead, as the
/// line format has it). The weather column takes what is left, up to what the longest phrase
/// needs; a longer phrase wraps within it.
struct TableLayout: Equatable {
    var showsID: Bool
    var showsDate: Bool
    /// Four rain columns, or one with the highest chance ahead.
    var splitsRain: Bool
    var cityWidth: Int
    var dayWidth: Int
    var weatherWidth: Int

    static let idWidth = 6
    static let dateWidth = 5
    static let temperatureWidth = 4
    static let rainWidth = 5
    static let rainSummaryWidth = 4

    /// The layout for `width` cells.
    init(width: Int, language: Language) {
        cityWidth = language == .en ? 10 : 8
        dayWidth = language.dayLabelWidth
        let smallest = language == .en ? 16 : 12
        let largest = language == .en ? 28 : 20
        let choices = [(true, true, true), (false, true, true), (false, false, true),
                       (true, true, false), (false, true, false), (false, false, false)]
        var chosen = choices[choices.count - 1]
        for choice in choices {
            let candidate = Self.fixedWidth(showsDate: choice.0, showsID: choice.1, splitsRain: choice.2,
                                            cityWidth: cityWidth, dayWidth: dayWidth)
            if candidate + smallest <= width {
                chosen = choice
                break
            }
        }
        (showsDate, showsID, splitsRain) = chosen
        let fixed = Self.fixedWidth(showsDate: showsDate, showsID: showsID, splitsRain: splitsRain,
                                    cityWidth: cityWidth, dayWidth: dayWidth)
        // Below the narrowest layout's need, the weather column shrinks to 4 wide characters.
        weatherWidth = min(largest, max(chosen == choices[choices.count - 1] ? 8 : smallest, width - fixed))
    }

    /// The cells of everything but the weather column, the gaps included.
    static func fixedWidth(showsDate: Bool, showsID: Bool, splitsRain: Bool, cityWidth: Int, dayWidth: Int) -> Int {
        var total = cityWidth + 2 + dayWidth + 2  // city, day and the gap before the weather
        if showsID { total += idWidth + 2 }
        if showsDate { total += 1 + dateWidth }
        total += 2 * (1 + temperatureWidth)
        total += splitsRain ? 2 + 4 * rainWidth + 3 : 2 + rainSummaryWidth
        return total
    }

    /// The width of a whole row.
    var totalWidth: Int {
        Self.fixedWidth(showsDate: showsDate, showsID: showsID, splitsRain: splitsRain,
                        cityWidth: cityWidth, dayWidth: dayWidth) + weatherWidth
    }
}
