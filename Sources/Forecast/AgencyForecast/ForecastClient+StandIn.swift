extension ForecastClient {
    /// The agency's office file made into a 3-day forecast, with its overview when
    /// `agencyOverview` asks for it: the leg of the 3-day route that stands in for the API.
    var agencyStandIn: Route.Leg {
        let endpoint = configuration.agencyEndpoint
        let overview = configuration.agencyOverview ? feed(OverviewSource(agencyURL: configuration.agencyURL, endpoint: endpoint)) : nil
        return Route.Leg(feed(AgencySource(agencyURL: configuration.agencyURL, endpoint: endpoint)), provider: .jma, companion: overview) {
            (file: AgencyForecast, overview, city, now) throws(ForecastError) in
            try file.forecast(for: city, now: now, overview: try? overview?.get() as? AgencyOverview)
        }
    }
}
