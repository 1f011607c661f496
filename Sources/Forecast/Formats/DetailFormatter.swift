/// `--format detail`, for reading at a terminal: per city the publication time and office,
/// the forecaster's overview re-flowed to the width, then each day with its icon, weather
/// phrase, temperatures, chances of rain and the API's weather, wind and wave lines.
///
/// ```
/// 東京（東京都） 2022-05-19 05:00 JST 気象庁 発表
/// 　本州付近は高気圧に覆われています。
///
/// 🌤️ 今日 05-19  晴のち曇  最低 - 最高 27°C
///   降水確率  00-06 -  06-12 0%  12-18 10%  18-24 10%
///   天気      晴れ　夜　くもり
/// ```
///
/// Cities are separated by a blank line. Every text of the server passes the untrusted-text gate; a line feed of the
/// overview stays a line break. A failed city keeps a line saying why; a stale copy says how old it is.
public struct DetailFormatter: ResultFormatter {
    /// Days per city, 1 to 3.
    public var days: Int
    /// The language of names, phrases and labels.
    public var language: Language
    /// The units of the temperatures.
    public var units: Units = .metric
    /// The width text is re-flowed to, in cells.
    public var width: Int

    /// Creates a formatter of `days` days per city, wrapping at `width` cells.
    public init(days: Int = .max, language: Language = .ja, width: Int = 80) {
        self.days = days
        self.language = language
        self.width = width
    }

    /// The block of a 3-day forecast; a value of another kind (a week) is printed as its
    /// line, with every row, since only the 3-day forecast has the forecaster's text.
    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String {
        var text = index == 0 ? "" : "\n"
        let place = language == .en
            ? "\(result.name(language)), \(result.prefecture(language))"
            : "\(result.name(language))（\(result.prefecture(language))）"
        if result.value != nil, !(result.value is CityForecast) {
            var line = LineFormatter(days: days, language: language)
            line.units = units
            return text + line.block(for: result, index: index)
        }
        guard let forecast = result.value as? CityForecast else {
            let reason = result.error.map { "\($0)" } ?? "unknown error"
            return text + wrap("\(place): failed: \(reason)", indent: 0)
        }
        let time = ValueText.publicationTime(forecast.publicTime)
        text += wrap(language == .en
            ? "\(place): published \(time) by \(forecast.publishingOffice)"
            : "\(place) \(time) \(forecast.publishingOffice) 発表", indent: 0)
        if let stale = result.stale {
            text += wrap("(stale, \(stale.ageText) old: \(stale.reason))", indent: 0)
        }
        let overview = UntrustedText.sanitized(forecast.description.text, keepingLineFeeds: true)
        for paragraph in overview.split(separator: "\n", omittingEmptySubsequences: false) {
            text += TextWrap.lines(String(paragraph), width: width).map { $0 + "\n" }.joined()
        }
        for day in forecast.forecasts.prefix(Swift.max(1, days)) {
            text += "\n" + dayText(day)
        }
        return text
    }

    private func dayText(_ day: DailyForecast) -> String {
        let icon = WeatherCode.of(day).map { WeatherIcon($0).rawValue + " " } ?? ""
        let minimum = units.whole(day.temperature.min.celsius, .temperature) ?? "-"
        let maximum = units.whole(day.temperature.max.celsius, .temperature) ?? "-"
        let telop = language.telop(day) ?? "-"
        let date = String(day.date.suffix(5))
        var text = wrap(language == .en
            ? "\(icon)\(language.dayLabel(day)) \(date)  \(telop)  min \(minimum) max \(maximum) \(units.degrees)"
            : "\(icon)\(language.dayLabel(day)) \(date)  \(telop)  最低 \(minimum) 最高 \(maximum) \(units.degrees)", indent: 0)
        let rain = zip(["00-06", "06-12", "12-18", "18-24"], day.chanceOfRain.periods)
            .map { "\($0) \($1.map { "\($0)%" } ?? "-")" }.joined(separator: "  ")
        let labels = language == .en
            ? ["rain", "weather", "wind", "waves"]
            : ["降水確率", "天気", "風", "波"]
        let values = [rain, day.detail.weather, day.detail.wind, day.detail.wave]
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        for (label, value) in zip(labels, values) {
            guard let value else { continue }
            text += wrap(value, indent: 2 + labelWidth + 2, lead: "  " + DisplayWidth.pad(label, to: labelWidth) + "  ")
        }
        return text
    }

    /// `text` through the gate, wrapped to the width; the first line led by `lead`, the rest by `indent` spaces.
    private func wrap(_ text: String, indent: Int, lead: String = "") -> String {
        let lines = TextWrap.lines(UntrustedText.sanitized(text), width: width - indent)
        let pad = String(repeating: " ", count: indent)
        return lines.enumerated().map { ($0.offset == 0 ? lead : pad) + $0.element + "\n" }.joined()
    }
}
