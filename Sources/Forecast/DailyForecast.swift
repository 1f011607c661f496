/// One day of a forecast (an element of `forecasts`).
public struct DailyForecast: Sendable, Equatable {
    /// "YYYY-MM-DD" in Japan time.
    public var date: String
    /// "今日", "明日" or "明後日".
    public var dateLabel: String
    /// The weather in a few characters, e.g. "晴時々曇"; nil when the agency has nothing for the day.
    public var telop: String?
    public var detail: WeatherDetail
    public var temperature: TemperatureRange
    public var chanceOfRain: ChanceOfRain
    public var image: WeatherImage

    public init(
        date: String, dateLabel: String, telop: String?, detail: WeatherDetail,
        temperature: TemperatureRange, chanceOfRain: ChanceOfRain, image: WeatherImage
    ) {
        self.date = date
        self.dateLabel = dateLabel
        self.telop = telop
        self.detail = detail
        self.temperature = temperature
        self.chanceOfRain = chanceOfRain
        self.image = image
    }
}

/// The day's wording in detail (`detail`); each part is nil when the API has none (`wave`
/// for inland areas, all three for a day taken from the weekly forecast).
public struct WeatherDetail: Sendable, Equatable {
    public var weather: String?
    public var wind: String?
    public var wave: String?

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
    public var max: Temperature

    public init(min: Temperature, max: Temperature) {
        self.min = min
        self.max = max
    }
}

/// One temperature in both scales; each nil when unknown (the API's `null`), never 0.
public struct Temperature: Sendable, Equatable {
    public var celsius: Double?
    public var fahrenheit: Double?

    public init(celsius: Double?, fahrenheit: Double?) {
        self.celsius = celsius
        self.fahrenheit = fahrenheit
    }
}

/// The chance of rain in each six-hour period, in percent; nil for "--%" (a period already past).
public struct ChanceOfRain: Sendable, Equatable {
    public var t00_06: Int?
    public var t06_12: Int?
    public var t12_18: Int?
    public var t18_24: Int?

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
    public var title: String?
    public var url: String?
    public var width: Int
    public var height: Int

    public init(title: String?, url: String?, width: Int, height: Int) {
        self.title = title
        self.url = url
        self.width = width
        self.height = height
    }
}
