extension ForecastClient {
    /// How long, in seconds, an office's warning file is kept: 5 minutes, for warnings change
    /// at any hour. A watch of the warnings looks again after as long.
    public static let warningsFreshness = 300

    /// The warnings and advisories in force for `cities`, in input order, with at most `jobs` requests in flight: see
    /// ``CityResults``. The cities of one office share one download of its file.
    public func warnings(for cities: [City], jobs: Int) -> CityResults<CityWarnings> {
        let file = feed(WarningSource(agencyURL: configuration.agencyURL, endpoint: configuration.agencyEndpoint))
        let route = Route(first: Route.Leg(file, provider: .jma) { (file: WarningFile, _, city, now) throws(ForecastError) in
            var warnings = try file.warnings(for: city.id, office: AgencyArea.of(city)?.page ?? "")
            warnings.readOn = AgencyTime.today(epoch: now)
            return warnings
        }, fallback: nil)
        return CityResults(client: self, route: route, cities: cities, jobs: jobs) { city in
            "the agency's warning file " + (AgencyArea.of(city)?.page ?? city.id) + ".json"
        }
    }
}
