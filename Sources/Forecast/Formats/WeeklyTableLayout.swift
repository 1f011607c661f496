/// Which columns the weekly table shows and how wide each is, for a terminal of a given width.
///
/// The week is a row per day, as the agency's weekly page lists it per day: ID, city, date,
/// weekday, weather, min, max, chance of rain and reliability. When it does not fit, these
/// steps apply in this order, each on top of the ones before, in both languages, until it
/// fits:
///
/// 1. the date goes (the weekday still says which day of the week it is);
/// 2. the ID goes;
/// 3. the reliability goes;
/// 4. the city column goes: each city's name moves to a line of its own above its days.
///
/// So a column shown at a width is shown at every larger width (`ColumnLayout`). The weather
/// column takes what is left, between its least and its widest; a longer phrase wraps within
/// it, between any two Japanese characters or between English words.
///
/// | | ID | city | date | weekday | weather | min, max | rain | reliability | stages need |
/// |---|---|---|---|---|---|---|---|---|---|
/// | ja | 6 | 8 | 5 | 4 | 8–20 | 4 | 4 | 6 | 62, 55, 47, 39, 30 |
/// | en | 6 | 12 | 5 | 3 | 11–28 | 4 | 4 | 4 | 61, 55, 48, 43, 30 |
///
/// Japanese keeps two spaces between most columns, English one, so that its full table fits
/// 80 columns with room for the longest phrases; the English city column holds the longest
/// word of any catalog name, its weather column the longest word of JMA's phrases. Below the
/// last stage's need (30 columns) rows are wider than the terminal rather than cut.
struct WeeklyTableLayout: Equatable {
    /// The columns of the weekly table.
    enum Key: Equatable, Sendable {
        case id, city, date, weekday, weather, min, max, rain, reliability
    }

    /// A column of the weekly table.
    typealias Column = ColumnLayout<Key>.Column

    /// The columns chosen, with their widths.
    let chosen: ColumnLayout<Key>

    /// The layout for `width` cells in `language`.
    init(width: Int, language: Language) {
        chosen = ColumnLayout(width: width, columns: Self.all(language), steps: Self.steps)
    }

    /// Every column, as wide as it is when shown: the full table.
    static func all(_ language: Language) -> [Column] {
        let english = language == .en
        // Japanese spaces its columns by two, English by one.
        let wide = english ? 1 : 2
        return [
            Column(.id, width: 6, gap: 0, wraps: false),
            Column(.city, width: english ? 12 : 8, gap: wide),
            Column(.date, width: 5, gap: wide, wraps: false),
            Column(.weekday, width: english ? 3 : 4, gap: 1, wraps: false),
            Column(.weather, width: english ? 11 : 8, upTo: english ? 28 : 20, gap: wide),
            Column(.min, width: 4, gap: 1, right: true, wraps: false),
            Column(.max, width: 4, gap: 1, right: true, wraps: false),
            Column(.rain, width: 4, gap: wide, right: true, wraps: false),
            Column(.reliability, width: english ? 4 : 6, gap: wide, wraps: false),
        ]
    }

    /// The drop sequence, the same in both languages.
    static let steps: [ColumnLayout<Key>.Step] = [.drop(.date), .drop(.id), .drop(.reliability), .drop(.city)]

    /// The width of a whole row.
    var totalWidth: Int { chosen.totalWidth }

    /// Whether the column is shown.
    func shows(_ key: Key) -> Bool { chosen.shows(key) }

    /// Spaces before the city's text: under the city column, or none when names have lines of their own.
    var cityIndent: Int { chosen.indent(of: .city) }
}
