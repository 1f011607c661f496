/// A weather of the agency's code table that a derived forecast may have, with what each source writes for it: the
/// API's `telop` and icon, the agency's `weathers` line, and the range its chances of rain fall in.
///
/// A few of the agency's codes, the common ones of a spring day anywhere in Japan (no snow: the
/// derived forecasts have no season). The rows are `Fixtures/telops.tsv`'s; the mock does not
/// import the Forecast library, whose table holds them all.
struct WeatherKind: Sendable, Equatable {
    /// The agency's weather code, e.g. "101".
    var code: String
    /// The API's phrase for it, e.g. "晴時々曇".
    var telop: String
    /// The file name of its daytime icon, e.g. "101.svg".
    var icon: String
    /// The agency's `weathers` line, words spaced with U+3000 as the agency writes them, e.g. "晴れ　時々　くもり".
    var phrase: String
    /// The chances of rain it goes with, in percent.
    var rain: ClosedRange<Int>
    /// How often it is picked, against the others' weights.
    var weight: Int

    static let all: [WeatherKind] = [
        WeatherKind(code: "100", telop: "晴れ", icon: "100.svg", phrase: "晴れ", rain: 0...10, weight: 4),
        WeatherKind(code: "101", telop: "晴時々曇", icon: "101.svg", phrase: "晴れ　時々　くもり", rain: 0...20, weight: 5),
        WeatherKind(code: "110", telop: "晴のち時々曇", icon: "110.svg", phrase: "晴れ　後　時々　くもり", rain: 0...20, weight: 2),
        WeatherKind(code: "111", telop: "晴のち曇", icon: "110.svg", phrase: "晴れ　後　くもり", rain: 10...20, weight: 2),
        WeatherKind(code: "102", telop: "晴一時雨", icon: "102.svg", phrase: "晴れ　一時　雨", rain: 20...40, weight: 1),
        WeatherKind(code: "200", telop: "曇り", icon: "200.svg", phrase: "くもり", rain: 10...30, weight: 3),
        WeatherKind(code: "201", telop: "曇時々晴", icon: "201.svg", phrase: "くもり　時々　晴れ", rain: 10...30, weight: 4),
        WeatherKind(code: "211", telop: "曇のち晴", icon: "210.svg", phrase: "くもり　後　晴れ", rain: 10...20, weight: 2),
        WeatherKind(code: "202", telop: "曇一時雨", icon: "202.svg", phrase: "くもり　一時　雨", rain: 30...50, weight: 2),
        WeatherKind(code: "203", telop: "曇時々雨", icon: "202.svg", phrase: "くもり　時々　雨", rain: 40...60, weight: 2),
        WeatherKind(code: "212", telop: "曇のち一時雨", icon: "212.svg", phrase: "くもり　後　一時　雨", rain: 30...60, weight: 2),
        WeatherKind(code: "300", telop: "雨", icon: "300.svg", phrase: "雨", rain: 70...90, weight: 2),
        WeatherKind(code: "301", telop: "雨時々晴", icon: "301.svg", phrase: "雨　時々　晴れ", rain: 50...70, weight: 1),
        WeatherKind(code: "313", telop: "雨のち曇", icon: "313.svg", phrase: "雨　後　くもり", rain: 50...80, weight: 1),
    ]

    /// Whether it brings rain: a rainy day is a little cooler.
    var isRainy: Bool {
        rain.lowerBound >= 30
    }
}
