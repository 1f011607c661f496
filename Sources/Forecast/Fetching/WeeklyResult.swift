/// What reading one city's week gave: its ``WeeklyForecast`` or why not, and how the office's
/// file was had.
///
/// The weekly counterpart of ``FetchResult``: the week formatters take these, one per city in
/// input order. Several cities of one office share one file, and each has its own result.
public struct WeeklyResult: Sendable {
    /// The city that was asked for.
    public let city: City
    /// The week, or the error that stopped it.
    public let outcome: Result<WeeklyForecast, ForecastError>
    /// Where the office's file came from, with the transfer's numbers.
    public let info: FetchInfo
    /// Set when the fetch failed and `outcome` is read from an older cached file instead.
    public let stale: StaleCopy?

    /// Creates a result; the client makes them, so this is for tests.
    public init(
        city: City, outcome: Result<WeeklyForecast, ForecastError>, info: FetchInfo = FetchInfo(source: .network),
        stale: StaleCopy? = nil
    ) {
        self.city = city
        self.outcome = outcome
        self.info = info
        self.stale = stale
    }

    /// True when the city failed, even if a stale copy stands in for it.
    public var failed: Bool { error != nil || stale != nil }

    /// The week, or nil if the city failed.
    public var week: WeeklyForecast? { try? outcome.get() }

    /// The error, or nil if the city succeeded.
    public var error: ForecastError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }

    /// The city's name as the 3-day formats print it: the catalog's, or JMA's English name.
    public func cityName(_ language: Language) -> String {
        language == .en && !city.english.isEmpty ? city.english : city.name
    }

    /// The city's prefecture as the 3-day formats print it: the catalog's, or its romaji.
    public func prefectureName(_ language: Language) -> String {
        language.prefectureName(city.prefecture)
    }

    /// The days a formatter shows: the first `days` of the week, and at least one.
    func days(_ days: Int) -> ArraySlice<WeeklyDay> {
        (week?.days ?? []).prefix(max(1, days))
    }
}

extension WeeklyDay {
    /// The day's icon as text: the emoji of its code, or the code itself when the table does
    /// not know it (shown, never hidden); nil when the file has no code.
    var iconText: String? {
        weatherCode.map { WeatherIcon($0).rawValue } ?? code
    }
}
