/// One of JMA's weather codes, as the API's table has them: its icon, its group, and the phrase
/// in Japanese (the API's `telop`) and in English (JMA's, in sentence case).
///
/// The response does not carry the code itself: a day has its `telop` and an icon URL (`…/img/110.svg`). The code is
/// the entry whose Japanese phrase is the day's telop; when the telop is not one of the table's (an older wording), the
/// icon's number, which is itself a code of the table, stands in. Tokyo's `晴のち曇` is code 111, drawn with icon 110.
public struct WeatherCode: Sendable, Equatable {
    /// JMA's code, e.g. 111.
    public let code: Int
    /// The code of the icon JMA draws it with (the `image.url` file name), e.g. 110.
    public let icon: Int
    /// JMA's group: 100 clear, 200 cloudy, 300 rain, 400 snow (the weather that matters most).
    public let group: Int
    /// The API's phrase, e.g. "晴のち曇".
    public let telop: String
    /// JMA's English phrase in sentence case, e.g. "Clear, cloudy later".
    public let english: String

    /// The entry of `code`, or nil if the table has none.
    public static func lookup(_ code: Int) -> WeatherCode? {
        table.sortedLookup(code, by: \.code)
    }

    /// The code of a day of a response: by its telop, else by its icon; nil if neither is known.
    public static func of(_ day: DailyForecast) -> WeatherCode? {
        if let telop = day.telop, let code = byTelop[telop] {
            return code
        }
        return day.image.url.flatMap(iconNumber).flatMap(lookup)
    }

    /// The display width of the table's longest phrase in `language`: how wide a table's weather
    /// column may grow before no phrase wraps.
    static func longestPhrase(_ language: Language) -> Int {
        language == .en ? longestEnglish : longestTelop
    }

    private static let longestTelop = table.map { DisplayWidth.of($0.telop) }.max() ?? 0
    private static let longestEnglish = table.map { DisplayWidth.of($0.english) }.max() ?? 0

    /// The entry whose Japanese phrase is exactly `telop`, or nil.
    public static func matching(telop: String) -> WeatherCode? {
        byTelop[telop]
    }

    /// The number an icon URL's file is named by: 110 for "https://…/img/110.svg".
    static func iconNumber(_ url: String) -> Int? {
        guard let name = url.split(separator: "/").last, name.hasSuffix(".svg") else { return nil }
        return Int(name.dropLast(4))
    }

    private static let byTelop = Dictionary(uniqueKeysWithValues: table.map { ($0.telop, $0) })
}
