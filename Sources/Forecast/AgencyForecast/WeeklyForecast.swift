/// A city's week from the weather agency's weekly forecast: up to seven days, each with its
/// weather, chance of rain, reliability and temperatures.
///
/// Built by ``AgencyForecast/week(for:now:)`` from the office's file. Days are the file's
/// (normally seven, starting today or tomorrow), dated by the file's `timeDefines`; a day
/// before today (an old file) is left out. Unknown values are nil, never 0.
public struct WeeklyForecast: Sendable, Equatable {
    /// The office whose file it comes from: "130000".
    public var office: String
    /// The office that issued the weekly forecast, e.g. "気象庁".
    public var publishingOffice: String
    /// When the weekly forecast was issued, ISO 8601 with offset.
    public var reportTime: String
    /// The weekly area whose weather, chances of rain and reliabilities the days carry: the city's own ("130010
    /// 東京地方"), its office's ("380000 愛媛県") or the one of its point ("130100 伊豆諸島").
    public var area: AgencyPlace
    /// The AMeDAS point whose temperatures the days carry, or nil when the weekly forecast
    /// has none of the city's points (then every temperature is nil).
    public var temperaturePoint: AgencyPlace?
    /// The city's points that were looked for, in order of preference: what `-v` names when none was found.
    public var pointsLookedFor: [String]
    /// The days, in the file's order.
    public var days: [WeeklyDay]

    /// A week from its parts; the agency's file makes them, so this is for tests.
    public init(
        office: String, publishingOffice: String, reportTime: String, area: AgencyPlace,
        temperaturePoint: AgencyPlace?, pointsLookedFor: [String], days: [WeeklyDay]
    ) {
        self.office = office
        self.publishingOffice = publishingOffice
        self.reportTime = reportTime
        self.area = area
        self.temperaturePoint = temperaturePoint
        self.pointsLookedFor = pointsLookedFor
        self.days = days
    }
}

/// One day of a week: its weather code, chance of rain, reliability and temperatures.
public struct WeeklyDay: Sendable, Equatable {
    /// "YYYY-MM-DD" in Japan time, from the file's `timeDefines`.
    public var date: String
    /// The day of the week of `date`.
    public var weekday: Weekday
    /// The agency's weather code as the file writes it ("101"); kept when the table does not
    /// know it; nil when the file has "".
    public var code: String?
    /// The chance of rain for the day, in percent; nil when unknown (the first day's usually is).
    public var rain: Int?
    /// How sure the forecaster is of the day's weather: "A", "B" or "C"; nil when the file has ""
    /// (the first days usually are).
    public var reliability: String?
    /// The lowest temperature, with its likely range.
    public var min: WeeklyTemperature
    /// The highest temperature, with its likely range.
    public var max: WeeklyTemperature

    /// A day from its parts.
    public init(
        date: String, weekday: Weekday, code: String?, rain: Int?, reliability: String?,
        min: WeeklyTemperature, max: WeeklyTemperature
    ) {
        self.date = date
        self.weekday = weekday
        self.code = code
        self.rain = rain
        self.reliability = reliability
        self.min = min
        self.max = max
    }

    /// The entry of `code` in the weather code table; nil for an unknown or missing code.
    public var weatherCode: WeatherCode? {
        code.flatMap { Int($0) }.flatMap(WeatherCode.lookup)
    }

    /// The weather phrase of the day's code (晴時々曇; "Partly cloudy" in English); nil when
    /// the code is unknown or missing.
    public func telop(_ language: Language) -> String? {
        guard let weatherCode else { return nil }
        return language == .en ? weatherCode.english : weatherCode.telop
    }

    /// What a text format prints for the weather: the phrase, else the code itself (an
    /// unknown code is shown, not hidden), else nil.
    func weatherText(_ language: Language) -> String? {
        telop(language) ?? code
    }
}

/// A forecast temperature in °C with the range it will likely fall in; each nil when unknown.
public struct WeeklyTemperature: Sendable, Equatable {
    /// The forecast value.
    public var value: Double?
    /// The low end of the likely range.
    public var lower: Double?
    /// The high end of the likely range.
    public var upper: Double?

    /// A temperature and its range.
    public init(value: Double?, lower: Double?, upper: Double?) {
        self.value = value
        self.lower = lower
        self.upper = upper
    }

    /// Nothing known.
    public static let unknown = WeeklyTemperature(value: nil, lower: nil, upper: nil)
}
