/// The language of the values people read: Japanese (the API's own text, the default) or
/// English (JMA's English city names and weather phrases).
///
/// It changes values, never keys: TSV keeps its column names and JSON its keys. What JMA publishes only in Japanese
/// (the overview, the weather, wind and wave lines, the office's name) stays Japanese in both.
public enum Language: String, Sendable, CaseIterable {
    /// The API's text as it is.
    case ja
    /// JMA's English names and phrases.
    case en

    /// A prefecture's name ("東京都"), or in English its romaji without long-vowel marks
    /// ("Tokyo"); a name that is not a prefecture's stays as it is.
    public func prefectureName(_ name: String) -> String {
        guard self == .en, let prefecture = CityCatalog.prefectures.first(where: { $0.name == name }) else { return name }
        return String(String.UnicodeScalarView(prefecture.romaji.unicodeScalars.map(Self.withoutMacron)))
    }

    /// The day's weather phrase: the telop, or in English JMA's phrase of the telop's code. A telop that is not in the
    /// table stays as the API wrote it rather than borrow another code's phrase.
    public func telop(_ day: DailyForecast) -> String? {
        guard self == .en, let telop = day.telop, let code = WeatherCode.matching(telop: telop) else { return day.telop }
        return code.english
    }

    /// What separates the items of a list a person reads, the warnings in force, an addition's words: "、" in
    /// Japanese, ", " in English.
    var listSeparator: String { self == .en ? ", " : "、" }

    /// The day's label: the API's `dateLabel` (今日, 明日, 明後日), or in English "Today",
    /// "Tomorrow", "Day after". Another label is kept as it is.
    public func dayLabel(_ day: DailyForecast) -> String {
        guard self == .en else { return day.dateLabel }
        return switch day.dateLabel {
        case "今日": "Today"
        case "明日": "Tomorrow"
        case "明後日": "Day after"
        default: day.dateLabel
        }
    }

    private static func withoutMacron(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "ā": "a"
        case "ī": "i"
        case "ū": "u"
        case "ē": "e"
        case "ō": "o"
        case "Ā": "A"
        case "Ū": "U"
        case "Ō": "O"
        default: scalar
        }
    }
}
