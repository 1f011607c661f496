/// Which columns the daily table shows and how wide each is, for a terminal of a given width.
///
/// The full table is ID, city, day, date, weather, min, max and the four chances of rain
/// (00-06, 06-12, 12-18, 18-24). When it does not fit, these steps apply in this order, each
/// on top of the ones before, in both languages, until it fits:
///
/// 1. the date goes (the day label still says which day);
/// 2. the ID goes;
/// 3. the four rain columns become one, the highest chance still ahead (as `line` has it);
/// 4. the day label goes.
///
/// So a column shown at a width is shown at every larger width (`ColumnLayout`). The weather
/// column takes what is left, between its least and its widest (after the English day column
/// takes the one cell that keeps `Day after` on one line); a longer phrase wraps within it,
/// between any two Japanese characters or between English words.
///
/// | | ID | city | day | date | weather | min, max | rain ×4 / 1 | stages need |
/// |---|---|---|---|---|---|---|---|---|
/// | ja | 6 | 8 | 6 | 5 | 8–20 | 4 | 5 / 4 | 75, 69, 61, 42, 34 |
/// | en | 6 | 12 | 8–9 | 5 | 11–28 | 4 | 5 / 4 | 80, 74, 67, 48, 39 |
///
/// Japanese keeps two spaces between most columns and fits its full table from 75 columns.
/// English has one space everywhere, so that its full table fits 80: its city column holds the
/// longest word of any catalog name (Ishigakijima, Yonagunijima, Minami-Daito), so a name wraps
/// between words and never inside one; its day column holds `Tomorrow` (`Day after` wraps
/// when no cell is spare); its weather column the longest word of JMA's phrases (mountainous).
/// Below the last stage's need (34 and 39 columns) rows are wider than the terminal rather
/// than cut.
struct TableLayout: Equatable {
    /// The columns of the daily table.
    enum Key: Equatable {
        case id, city, day, date, weather, min, max
        /// The chance of rain in one of the day's four periods, 0 to 3.
        case rain(Int)
        /// The highest chance of rain still ahead, in place of the four periods.
        case rainAhead
    }

    /// A column of the daily table.
    typealias Column = ColumnLayout<Key>.Column

    /// The columns chosen, with their widths.
    let chosen: ColumnLayout<Key>

    /// The layout for `width` cells in `language`.
    init(width: Int, language: Language) {
        chosen = ColumnLayout(width: width, columns: Self.all(language), steps: Self.steps(language))
    }

    /// Every column, as wide as it is when shown: the full table.
    static func all(_ language: Language) -> [Column] {
        // Japanese spaces its columns by two, English by one.
        let wide = language == .en ? 1 : 2
        return [
            Column(.id, width: 6, gap: 0, wraps: false),
            Column(.city, width: language == .en ? 12 : 8, gap: wide),
            Column(.day, width: language == .en ? 8 : 6, upTo: language == .en ? 9 : nil, gap: wide),
            Column(.date, width: 5, gap: 1, wraps: false),
            Column(.weather, width: language == .en ? 11 : 8, upTo: language == .en ? 28 : 20, gap: wide),
            Column(.min, width: 4, gap: 1, right: true, wraps: false),
            Column(.max, width: 4, gap: 1, right: true, wraps: false),
        ] + rainPeriods.enumerated().map { offset, key in
            Column(key, width: 5, gap: offset == 0 ? wide : 1, right: true, wraps: false)
        }
    }

    /// The drop sequence, the same in both languages.
    static func steps(_ language: Language) -> [ColumnLayout<Key>.Step] {
        [
            .drop(.date),
            .drop(.id),
            .merge(rainPeriods, into: Column(.rainAhead, width: 4, gap: language == .en ? 1 : 2, right: true, wraps: false)),
            .drop(.day),
        ]
    }

    static let rainPeriods: [Key] = [.rain(0), .rain(1), .rain(2), .rain(3)]

    /// The width of a whole row.
    var totalWidth: Int { chosen.totalWidth }

    /// Whether the column is shown.
    func shows(_ key: Key) -> Bool { chosen.shows(key) }

    /// Spaces before the city's text: under the city column, for lines that belong to the city.
    var cityIndent: Int { chosen.indent(of: .city) }
}
