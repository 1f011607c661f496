/// The automatic weather observation of a station (`weather`): codes 0 to 16 of the agency's table. Its English words
/// are the tool's for the agency's other weather words too (the 3-hourly forecast's 晴れ, くもり, 雨, 雪).
/// The codes 30 (不明, unknown) and 31 (欠測, missing) are no weather, and read as none.
public enum AutomaticWeather: Int, Sendable, CaseIterable {
    /// Codes 0 to 10: 晴, 曇, 煙霧, 霧, 降水, 霧雨, 着氷性の霧雨, 雨, 着氷性の雨, みぞれ, 雪.
    case clear = 0, cloudy, haze, fog, precipitation, drizzle, freezingDrizzle, rain, freezingRain, sleet, snow
    /// Codes 11 to 16: 凍雨, 霧雪, しゅう雨, しゅう雪, ひょう, 雷.
    case icePellets, snowGrains, rainShowers, snowShowers, hail, thunder

    /// The agency's word ("晴", "しゅう雨") or an English one ("clear", "rain showers").
    public func name(in language: Language) -> String {
        language == .ja ? Self.japanese[rawValue] : Self.english[rawValue]
    }

    private static let japanese = [
        "晴", "曇", "煙霧", "霧", "降水", "霧雨", "着氷性の霧雨", "雨", "着氷性の雨", "みぞれ", "雪", "凍雨", "霧雪",
        "しゅう雨", "しゅう雪", "ひょう", "雷",
    ]
    private static let english = [
        "clear", "cloudy", "haze", "fog", "precipitation", "drizzle", "freezing drizzle", "rain",
        "freezing rain", "sleet", "snow", "ice pellets", "snow grains", "rain showers", "snow showers", "hail",
        "thunder",
    ]
}
