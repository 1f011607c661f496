extension ForecastClient {
    /// The 3-hourly forecasts of `cities`, in input order, with at most `jobs` requests in
    /// flight: see ``CityResults``. A city reads two files: its own 3-hourly file, and its
    /// office's forecast file for the chance of rain, which the cities of one office (and the
    /// week) share.
    public func hours(for cities: [City], jobs: Int) -> CityResults<CityHours> {
        let agency = configuration.agencyURL, endpoint = configuration.agencyEndpoint
        let office = feed(AgencySource(agencyURL: agency, endpoint: endpoint))
        let leg = Route.Leg(feed(HoursSource(agencyURL: agency, endpoint: endpoint)), provider: .jma, companion: office) {
            (file: HoursFile, companion, city, now) throws(ForecastError) in
            let area = AgencyArea.of(city)
            switch companion {
            case .success(let forecast as AgencyForecast):
                return try CityHours(file, office: forecast.office, now: now, rain: { forecast.chanceOfRain(area: area?.city ?? city.id, at: $0) }, rainProblem: nil)
            case .failure(let error):
                let problem = ForecastError.inFile("the agency's forecast file \(area?.office ?? "").json", error)
                return try CityHours(file, office: area?.office ?? "", now: now, rain: nil, rainProblem: problem)
            default:
                return try CityHours(file, office: area?.office ?? "", now: now, rain: nil, rainProblem: nil)
            }
        }
        return CityResults(client: self, route: Route(first: leg, fallback: nil), cities: cities, jobs: jobs) { city in
            "the agency's 3-hourly file \(city.id).json"
        }
    }
}
