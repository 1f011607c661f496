/// One city's forecast as the API returns it: three days, the area, the agency's overview.
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
    public var description: ForecastDescription
    /// Today, tomorrow and the day after, in that order (`dateLabel` 今日, 明日, 明後日).
    public var forecasts: [DailyForecast]
    public var location: Location
    public var copyright: Copyright

    public init(
        publicTime: String, publicTimeFormatted: String, publishingOffice: String, title: String,
        link: String, description: ForecastDescription, forecasts: [DailyForecast],
        location: Location, copyright: Copyright
    ) {
        self.publicTime = publicTime
        self.publicTimeFormatted = publicTimeFormatted
        self.publishingOffice = publishingOffice
        self.title = title
        self.link = link
        self.description = description
        self.forecasts = forecasts
        self.location = location
        self.copyright = copyright
    }
}

/// The agency's written overview (`description`).
public struct ForecastDescription: Sendable, Equatable, Decodable {
    public var publicTime: String
    public var publicTimeFormatted: String
    /// Often "" since late 2021.
    public var headlineText: String
    public var bodyText: String
    /// `headlineText` + "\n\n" + `bodyText`, or `bodyText` alone.
    public var text: String

    public init(publicTime: String, publicTimeFormatted: String, headlineText: String, bodyText: String, text: String) {
        self.publicTime = publicTime
        self.publicTimeFormatted = publicTimeFormatted
        self.headlineText = headlineText
        self.bodyText = bodyText
        self.text = text
    }
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

    public init(area: String, prefecture: String, district: String, city: String) {
        self.area = area
        self.prefecture = prefecture
        self.district = district
        self.city = city
    }
}

/// The API's credits (`copyright`).
public struct Copyright: Sendable, Equatable, Decodable {
    public struct Image: Sendable, Equatable, Decodable {
        public var title: String
        public var link: String
        public var url: String
        public var width: Int
        public var height: Int
    }

    public struct Provider: Sendable, Equatable, Decodable {
        public var link: String
        public var name: String
        public var note: String
    }

    public var title: String
    public var link: String
    public var image: Image
    public var provider: [Provider]
}
