internal import JapanTime
/// Sunrise and sunset at a city, day by day, computed from its coordinates (``City/latitude``,
/// ``City/longitude``): no file, no request. The times are the national almanac's kind
/// (``SunCalculator``): sea-level times of the Sun's upper limb, in JST, to the minute.
public struct CitySun: Sendable, Equatable {
    /// Where they were computed: the latitude, degrees north.
    public var latitude: Double
    /// The longitude, degrees east.
    public var longitude: Double
    /// One entry a day, in order.
    public var days: [SunDay]

    /// The times at `city` for `count` days from `date` ("YYYY-MM-DD", JST), or nil if `date`
    /// is not a date of the calendar.
    public init?(city: City, from date: String, count: Int) {
        guard let first = SunDay.day(of: date) else { return nil }
        latitude = city.latitude
        longitude = city.longitude
        days = (first..<first + Swift.max(1, count)).map { SunDay(day: $0, latitude: city.latitude, longitude: city.longitude) }
    }

    /// Today's date in Japan, "YYYY-MM-DD", at `epoch` seconds since 1970.
    public static func today(epoch: Int) -> String {
        AgencyTime.today(epoch: epoch)
    }

    /// The results of `cities`, in order, each `count` days from `date`: every one a success,
    /// or, for a date that is no date, every one a failure saying so.
    public static func results(for cities: [City], from date: String, count: Int) -> [CityResult<CitySun>] {
        cities.map { city in
            let outcome: Result<CitySun, ForecastError> = CitySun(city: city, from: date, count: count).map { .success($0) }
                ?? .failure(.other("\(date) is not a date of the calendar"))
            return CityResult(city: city, outcome: outcome, info: FetchInfo(source: .computed))
        }
    }
}

/// One day's sunrise and sunset, in minutes after midnight JST, rounded to the nearest minute.
public struct SunDay: Sendable, Equatable {
    /// "YYYY-MM-DD".
    public var date: String
    /// The sunrise; nil for a day the Sun does not rise (never at Japan's latitudes).
    public var sunrise: Int?
    /// The sunset; nil for a day the Sun does not set.
    public var sunset: Int?

    /// The times of `day` (days since 1970-01-01) at the coordinates.
    init(day: Int, latitude: Double, longitude: Double) {
        date = JST.date(ofDay: day)
        let events = SunCalculator.events(day: day, latitude: latitude, longitude: longitude)
        sunrise = events.sunrise.map { Int($0.rounded()) }
        sunset = events.sunset.map { Int($0.rounded()) }
    }

    /// The time from sunrise to sunset, in minutes, from the rounded times as they are printed.
    public var daylight: Int? {
        guard let sunrise, let sunset else { return nil }
        return sunset - sunrise
    }

    /// "HH:MM" of minutes after midnight.
    public static func clock(_ minutes: Int?) -> String? {
        guard let minutes else { return nil }
        return JST.padded(minutes / 60, 2) + ":" + JST.padded(minutes % 60, 2)
    }

    /// The days since 1970-01-01 of a date "YYYY-MM-DD" of the calendar (not 2026-02-30), or nil.
    public static func day(of date: String) -> Int? {
        guard let day = AgencyTime.day(ofDate: date), JST.date(ofDay: day) == date else { return nil }
        return day
    }
}
