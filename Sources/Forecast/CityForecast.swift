/// One city's forecast as the API returns it: three days, the area, the agency's overview. The agency's file, standing
/// in for the API, is made into the same value: it is what the sources share, so it lives outside both their folders.
///
/// Field names follow the API's JSON keys (see the reference schema); values keep the API's
/// text as it is, full-width characters and U+3000 spaces included.
public struct CityForecast: Sendable, Equatable {
    /// When the agency issued the forecast, ISO 8601 with offset ("2022-05-19T05:00:00+09:00").
    public var publicTime: String
    /// The same instant as "2022/05/19 05:00:00".
    public var publicTimeFormatted: String
    /// The issuing office, e.g. "気象庁" or "横浜地方気象台".
    public var publishingOffice: String
    /// "{prefecture} {city} の天気".
    public var title: String
    /// The agency's page for the area.
    public var link: String
    /// The agency's written overview of the area's weather.
    public var description: ForecastDescription
    /// Today, tomorrow and the day after, in that order (`dateLabel` 今日, 明日, 明後日).
    public var forecasts: [DailyForecast]
    /// The area, prefecture, district and city the forecast is for.
    public var location: Location
    /// The credits the API asks to be shown with its data.
    public var copyright: Copyright
}

/// The agency's written overview (`description`).
public struct ForecastDescription: Sendable, Equatable, Decodable {
    /// When the overview was written, ISO 8601 with offset.
    public var publicTime: String
    /// The same instant as "2022/05/19 04:39:00".
    public var publicTimeFormatted: String
    /// Often "" since late 2021.
    public var headlineText: String
    /// The overview itself, several lines of the agency's prose.
    public var bodyText: String
    /// `headlineText` + "\n\n" + `bodyText`, or `bodyText` alone.
    public var text: String
}

/// Where the forecast is for (`location`).
public struct Location: Sendable, Equatable, Decodable {
    /// 地方, e.g. "関東".
    public var area: String
    /// e.g. "東京都"; "北海道" for every Hokkaido city.
    public var prefecture: String
    /// 一次細分区域, e.g. "東京地方".
    public var district: String
    /// The station name, e.g. "東京".
    public var city: String

    /// Creates a location from its parts.
    public init(area: String, prefecture: String, district: String, city: String) {
        self.area = area
        self.prefecture = prefecture
        self.district = district
        self.city = city
    }
}

/// The API's credits (`copyright`).
public struct Copyright: Sendable, Equatable, Decodable {
    /// The API's banner image.
    public struct Image: Sendable, Equatable, Decodable {
        /// The image's caption, e.g. "天気予報 API（livedoor 天気互換）".
        public var title: String
        /// Where the image links to.
        public var link: String
        /// The image itself.
        public var url: String
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
    }

    /// One source of the data, e.g. the Japan Meteorological Agency.
    public struct Provider: Sendable, Equatable, Decodable {
        /// The provider's site.
        public var link: String
        /// The provider's name, e.g. "気象庁 Japan Meteorological Agency".
        public var name: String
        /// What it provided, in the provider's words.
        public var note: String
    }

    /// The credit line, e.g. "(C) 天気予報 API（livedoor 天気互換）".
    public var title: String
    /// The API's site.
    public var link: String
    /// The API's banner.
    public var image: Image
    /// Everyone whose data the forecast carries.
    public var provider: [Provider]
}

/// What fetching one city's 3-day forecast gave.
public typealias FetchResult = CityResult<CityForecast>

extension CityResult where Value == CityForecast {
    /// The forecast, or nil if the city failed.
    public var forecast: CityForecast? { value }
}
