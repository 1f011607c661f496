extension ForecastClient {
    /// The 3-hourly forecasts of `cities`, in input order, with at most `jobs` requests in
    /// flight: see ``CityResults``. A city reads two files: its own 3-hourly file, and its
    /// office's forecast file for the chance of rain, which the cities of one office (and the
    /// week) share.
    public func hours(for cities: [City], jobs: Int) -> CityResults<CityHours> {
        let agency = configuration.agencyURL, endpoint = configuration.agencyEndpoint
        let office = feed(AgencyRainSource(office: AgencySource(agencyURL: agency, endpoint: endpoint)))
        let leg = Route.Leg(feed(HoursSource(agencyURL: agency, endpoint: endpoint)), provider: .jma, companion: office) {
            (file: HoursFile, companion, city, now) throws(ForecastError) in
            // The office's file is the one of the city's area (its key), read for the area's chances of rain.
            let area = AgencyArea.of(city), office = area?.office ?? ""
            var problem: ForecastError?
            if case .failure(let error) = companion { problem = .inFile("the agency's forecast file \(office).json", error) }
            let rain = (try? companion?.get()) as? AgencyRain
            return try CityHours(
                file, office: office, now: now, rain: rain.map { rain in { rain.chanceOfRain(area: area?.city ?? city.id, at: $0) } },
                rainProblem: problem)
        }
        return CityResults(client: self, route: Route(first: leg, fallback: nil), cities: cities, jobs: jobs) { city in
            "the agency's 3-hourly file \(city.id).json"
        }
    }
}
