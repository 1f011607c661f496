extension ForecastClient {
    /// The weeks of `cities`, from the weather agency's office files, in input order, with at most `jobs` requests in
    /// flight: see ``CityResults``. The cities of one office share one download of its file.
    public func weeks(for cities: [City], jobs: Int) -> CityResults<WeeklyForecast> {
        let agency = feed(AgencySource(agencyURL: configuration.agencyURL, endpoint: configuration.agencyEndpoint))
        let week = Route(first: Route.Leg(agency, provider: .jma) { (file: AgencyForecast, _, city, now) throws(ForecastError) in
            try file.week(for: city, now: now)
        }, fallback: nil)
        return CityResults(client: self, route: week, cities: cities, jobs: jobs)
    }
}
