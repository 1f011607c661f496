/// One day of a forecast (an element of `forecasts`).
public struct DailyForecast: Sendable, Equatable {
    /// "YYYY-MM-DD" in Japan time.
    public var date: String
    /// "今日", "明日" or "明後日".
    public var dateLabel: String
    /// The weather in a few characters, e.g. "晴時々曇"; nil when the agency has nothing for the day.
    public var telop: String?
    /// The weather, wind and waves in words.
    public var detail: WeatherDetail
    /// The lowest and highest temperature.
    public var temperature: TemperatureRange
    /// The chance of rain in each six-hour period.
    public var chanceOfRain: ChanceOfRain
    /// The weather icon.
    public var image: WeatherImage
}

/// The day's wording in detail (`detail`); each part is nil when the API has none (`wave`
/// for inland areas, all three for a day taken from the weekly forecast).
public struct WeatherDetail: Sendable, Equatable {
    /// The weather in a sentence, e.g. "晴れ　夜　くもり".
    public var weather: String?
    /// Wind direction and strength, e.g. "北の風　日中　南の風".
    public var wind: String?
    /// Wave height, e.g. "０．５メートル"; nil inland.
    public var wave: String?

    /// Creates a detail from its parts.
    public init(weather: String?, wind: String?, wave: String?) {
        self.weather = weather
        self.wind = wind
        self.wave = wave
    }
}

/// The day's lowest and highest temperature (`temperature`).
public struct TemperatureRange: Sendable, Equatable, Decodable {
    /// Today's minimum is always unknown; today's maximum is unknown in the 17:00 release.
    public var min: Temperature
    /// The day's highest temperature.
    public var max: Temperature

    /// Creates a range from its two ends.
    public init(min: Temperature, max: Temperature) {
        self.min = min
        self.max = max
    }
}

/// One temperature in both scales; each nil when unknown (the API's `null`), never 0.
public struct Temperature: Sendable, Equatable {
    /// Degrees Celsius, or nil when unknown.
    public var celsius: Double?
    /// Degrees Fahrenheit, or nil when unknown.
    public var fahrenheit: Double?

    /// Creates a temperature from both scales.
    public init(celsius: Double?, fahrenheit: Double?) {
        self.celsius = celsius
        self.fahrenheit = fahrenheit
    }
}

/// The chance of rain in each six-hour period, in percent; nil for "--%" (a period already past).
public struct ChanceOfRain: Sendable, Equatable {
    /// Midnight to 06:00, in percent.
    public var t00_06: Int?
    /// 06:00 to noon, in percent.
    public var t06_12: Int?
    /// Noon to 18:00, in percent.
    public var t12_18: Int?
    /// 18:00 to midnight, in percent.
    public var t18_24: Int?

    /// Creates the four periods; nil for an unknown one.
    public init(t00_06: Int?, t06_12: Int?, t12_18: Int?, t18_24: Int?) {
        self.t00_06 = t00_06
        self.t06_12 = t06_12
        self.t12_18 = t12_18
        self.t18_24 = t18_24
    }

    /// The four periods in order, 00–06 first.
    public var periods: [Int?] { [t00_06, t06_12, t12_18, t18_24] }
}

/// The weather icon (`image`); `title` and `url` are nil when `telop` is.
public struct WeatherImage: Sendable, Equatable {
    /// The icon's caption, e.g. "曇り".
    public var title: String?
    /// The icon (an SVG).
    public var url: String?
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates an icon from its parts.
    public init(title: String?, url: String?, width: Int, height: Int) {
        self.title = title
        self.url = url
        self.width = width
        self.height = height
    }
}
