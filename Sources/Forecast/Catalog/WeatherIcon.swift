/// The emoji of a weather code: one glyph per kind of day, wttr.in's set.
///
/// A code names up to three weathers ("晴のち時々曇"); the glyph is chosen from JMA's own
/// drawing of it (the icon and the group, which is the weather that matters most), so that
/// "then" and "sometimes" forms of two weathers share the combined glyph:
///
/// | glyph | codes |
/// |---|---|
/// | ☀️ | clear (icon 100: 100, 123, 124, 130, 131) |
/// | 🌤️ | clear with cloud (icons 101, 110: 晴時々曇, 晴のち曇, …) |
/// | ☁️ | cloudy (icon 200, but 209) |
/// | 🌥️ | cloudy with sun (icons 201, 210: 曇時々晴, 曇のち晴, …) |
/// | 🌫️ | fog (209 霧) |
/// | 🌦️ | rain with sun (rain group, sun in the icon: 晴一時雨, 晴のち雨, 雨のち晴, …) |
/// | 🌧️ | rain (rain group, no sun: 雨, 曇一時雨, 雨のち曇, …) |
/// | ❄️ | snow (icons 400, 401, 402, 406, 411, 413: 雪, 大雪, 暴風雪, 雪のち晴, …) |
/// | 🌨️ | snow mixed with another weather (晴一時雪, 曇のち雪, 雨時々雪, 雪時々雨, …) |
/// | ⛈️ | thunder in a rain or snow group (晴一時雨か雷雨, 雨で雷を伴う, 雪で雷を伴う, …) |
///
/// Every glyph is an emoji with VARIATION SELECTOR-16 or one that is emoji by default; terminals
/// disagree on whether the first kind takes one cell or two, so the aligned tables do not show
/// them; the week's line does (`%c` in a template, the 3-day forecast's and the week's).
public enum WeatherIcon: String, Sendable, CaseIterable {
    /// Clear: ☀️.
    case clear = "☀️"
    /// Clear with some cloud: 🌤️.
    case clearWithCloud = "🌤️"
    /// Cloudy: ☁️.
    case cloudy = "☁️"
    /// Cloudy with some sun: 🌥️.
    case cloudyWithSun = "🌥️"
    /// Fog: 🌫️.
    case fog = "🌫️"
    /// Rain and sun: 🌦️.
    case rainWithSun = "🌦️"
    /// Rain: 🌧️.
    case rain = "🌧️"
    /// Snow: ❄️.
    case snow = "❄️"
    /// Snow with rain or sun: 🌨️.
    case mixedSnow = "🌨️"
    /// Thunder: ⛈️.
    case thunder = "⛈️"

    /// The glyph of a weather code.
    public init(_ code: WeatherCode) {
        let sunInIcon = code.icon / 100 == 1 || code.icon % 100 == 1 || code.icon % 100 == 11
        switch code.group {
        case 300 where code.telop.contains("雷"), 400 where code.telop.contains("雷"):
            self = .thunder
        case 300:
            self = sunInIcon ? .rainWithSun : .rain
        case 400:
            self = [400, 401, 402, 406, 411, 413].contains(code.icon) ? .snow : .mixedSnow
        case 200:
            if code.code == 209 {
                self = .fog
            } else {
                self = code.icon == 200 ? .cloudy : .cloudyWithSun
            }
        default:
            self = code.icon == 100 ? .clear : .clearWithCloud
        }
    }
}
