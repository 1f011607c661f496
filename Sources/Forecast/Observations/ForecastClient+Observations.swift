extension ForecastClient {
    /// The latest observations at the cities' AMeDAS stations, in input order, with at most `jobs` requests in flight:
    /// see ``CityResults``. Two files serve every city: the agency's `latest_time.txt`, which names the newest map
    /// file, then that map file; a run within the map file's ten minutes (17 after its time) asks for neither.
    public func observations(for cities: [City], jobs: Int) -> CityResults<Observation> {
        CityResults(client: self, cities: cities, jobs: jobs) { [self] in
            guard let first = cities.first else { return .failure(.cancelled) }
            let latestTime = feed(AmedasLatestSource(agencyURL: configuration.agencyURL, endpoint: configuration.agencyEndpoint))
            let route = Route(first: Route.Leg(latestTime, provider: .jma) { (time: AmedasTime, _, _, _) in time }, fallback: nil)
            var latest = CityResults<AmedasTime>(client: self, route: route, cities: [first], jobs: 1).makeAsyncIterator()
            guard let time = await latest.next() else { return .failure(.cancelled) }
            // A stale copy of the time (--stale-if-error) stands for a failure: every city's
            // value read at it is marked with it.
            guard let value = time.value else {
                let error = time.error ?? .cancelled
                return .failure(CityResults<Observation>.Iterator.isFetchFailure(error) ? .inFile("the agency's latest_time.txt", error) : error)
            }
            let file = "the agency's observations of " + value.minute
            let stale = time.stale.flatMap { copy -> Staleness? in
                guard let error = copy.error, let fetched = copy.fetched else { return nil }
                return Staleness(error: .inFile("the agency's latest_time.txt", error), fetched: fetched, age: copy.age)
            }
            return .success(CityResults<Observation>.Found(route: mapRoute(at: value), stale: stale, file: { _ in file }))
        }
    }

    /// The route of the observations at `time`: its map file, one for every city.
    private func mapRoute(at time: AmedasTime) -> Route {
        let map = feed(AmedasMapSource(agencyURL: configuration.agencyURL, endpoint: configuration.agencyEndpoint, time: time))
        return Route(first: Route.Leg(map, provider: .jma) { (file: AmedasMapFile, _, city, now) throws(ForecastError) in
            var observation = try file.observation(for: city)
            observation.outdated = now - file.time.epoch > Observation.outdatedAfter
            return observation
        }, fallback: nil)
    }
}
