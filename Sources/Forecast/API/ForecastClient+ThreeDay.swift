extension ForecastClient {
    /// The 3-day forecasts of `cities`, in input order, with at most `jobs` requests in flight
    /// (1 for one after the other): see ``CityResults``.
    public func results(for cities: [City], jobs: Int) -> CityResults<CityForecast> {
        CityResults(client: self, route: threeDayRoute, cities: cities, jobs: jobs)
    }

    /// Fetches one city, awaiting its request: from the cache, else from the network.
    /// Cancelling the task cancels the request; the result is then `ForecastError.cancelled`.
    public func fetch(_ city: City) async -> FetchResult {
        var results = self.results(for: [city], jobs: 1).makeAsyncIterator()
        return await results.next() ?? FetchResult(city: city, outcome: .failure(.cancelled))
    }

    /// The API URL of a city's forecast.
    public func url(for city: City) -> String {
        APISource(baseURL: configuration.baseURL, endpoint: configuration.endpoint).url(for: city.id)
    }

    /// How a city's 3-day forecast is had, by ``ClientConfiguration/Source``: the API, the
    /// agency's file, or the API with the agency's file standing in.
    private var threeDayRoute: Route {
        let api = Route.Leg(feed(APISource(baseURL: configuration.baseURL, endpoint: configuration.endpoint)), provider: .tsukumijima) {
            (file: CityForecast, _, _, _) in file
        }
        return switch configuration.source {
        case .auto: Route(first: api, fallback: agencyStandIn)
        case .tsukumijima: Route(first: api, fallback: nil)
        case .jma: Route(first: agencyStandIn, fallback: nil)
        }
    }
}
