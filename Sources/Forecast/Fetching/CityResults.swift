import CurlHTTP

/// The results of a list of cities, in input order: the one way a client fetches many cities
/// (``ForecastClient/results(for:jobs:)`` for the 3-day forecast, ``ForecastClient/weeks(for:jobs:)`` for the week).
///
/// Each result is yielded as soon as it and every city before it are done, so a slow city holds back only the cities
/// after it; the answers of the cities after it are stored in the cache as they arrive, not when the output reaches
/// them. With `jobs` above 1, every city starts when the first result is asked for, under one `ConcurrencyLimit`: the
/// session's thread starts the next request the moment one ends, as `curl --parallel` does. With `jobs: 1` a city
/// starts only when its result is asked for, so a consumer that stops (its output failed) sends nothing more. Cities
/// that read one file (one office's, for the week) share one request. Ending the iteration early, or cancelling the
/// consuming task, cancels what has not been consumed.
public struct CityResults<Value: Sendable>: AsyncSequence, Sendable {
    /// A city's result.
    public typealias Element = CityResult<Value>
    public typealias Failure = Never

    let client: ForecastClient
    /// The route, or what finds it out when the first result is asked for: the observations' map file is named by
    /// another file (`latest_time.txt`), itself fetched through the core. A failure there is every city's.
    let route: @Sendable () async -> Result<Found, ForecastError>

    /// A route found when the first result is asked for, and how it was found.
    struct Found: Sendable {
        let route: Route
        /// The stale copy it was found with (`--stale-if-error`): every value's mark.
        var stale: Staleness?
        /// The name of a city's file in a failure's message ("the agency's observations of 2025-06-28 18:00", "the
        /// agency's warning file 130000.json"), where the route itself does not say it.
        var file: (@Sendable (City) -> String)?
    }
    let cities: [City]
    let jobs: Int

    init(client: ForecastClient, route: Route, cities: [City], jobs: Int, file: (@Sendable (City) -> String)? = nil) {
        self.init(client: client, cities: cities, jobs: jobs) { .success(Found(route: route, file: file)) }
    }

    init(
        client: ForecastClient, cities: [City], jobs: Int,
        route: @escaping @Sendable () async -> Result<Found, ForecastError>
    ) {
        self.client = client
        self.route = route
        self.cities = cities
        self.jobs = Swift.max(1, jobs)
    }

    /// An iterator that starts the cities as described above.
    public func makeAsyncIterator() -> Iterator {
        Iterator(results: self)
    }

    /// Takes the results one by one, in input order.
    ///
    /// Its state is one `FetchRun`, made at the first call of `next`: the cities' files and the events that move them
    /// on. The results are decoded here, on the consumer's side, so that a city's request and result move between
    /// threads only twice: to the session's thread and back to the consumer.
    public struct Iterator: AsyncIteratorProtocol {
        let results: CityResults
        private var position = 0
        private var run: FetchRun?
        /// Why no run could be made: every city's result.
        private var failure: ForecastError?
        /// How the route was found: the stale copy every value is marked with, and the file's
        /// name for a failure's message.
        private var found: Found?
        /// Where the run's own tasks go; nil for the cooperative pool.
        var executor: (any TaskExecutor)?

        init(results: CityResults) {
            self.results = results
        }

        /// The next city's result, or nil after the last one.
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }

        /// The next city's result, awaited on the caller's executor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            let cities = results.cities
            guard position < cities.count else { return nil }
            if run == nil, failure == nil {
                switch await results.route() {
                case .success(let found):
                    run = FetchRun(client: results.client, route: found.route, cities: cities, jobs: results.jobs, executor: executor)
                    self.found = found
                case .failure(let error):
                    failure = error
                }
            }
            guard let run else {
                defer { position += 1 }
                return Element(city: cities[position], outcome: .failure(failure ?? .cancelled), provider: .jma)
            }
            guard !Task.isCancelled else {
                run.stop()
                position = cities.count
                return nil
            }
            run.start(position)
            if run.limit != nil, position == 0 {
                for later in position + 1..<cities.count {
                    run.start(later)
                }
            }
            var result = await run.result(at: position)
            position += 1
            if let stale = found?.stale, result.stale?.error == nil, result.value != nil {
                result = CityResult(
                    city: result.city, value: result.value, error: nil, info: result.info, stale: stale, age: result.age,
                    provider: result.provider, fallback: result.fallback)
            }
            // A failure to fetch the file is named; one the file's reading gave names it already.
            if let file = found?.file, let error = result.error, Self.isFetchFailure(error) {
                result = CityResult(
                    city: result.city, value: nil, error: .inFile(file(result.city), error), info: result.info, stale: result.stale,
                    provider: result.provider, fallback: result.fallback)
            }
            // The route makes `Value`s: the cast only restores their type.
            return result.map { value throws(ForecastError) in
                guard let value = value as? Value else { throw .other("a value of another kind reached \(Value.self)'s results") }
                return value
            }
        }

        /// Whether `error` is a failure to fetch or parse a file, rather than what reading it
        /// for a city found (which says so in its own words) or the run's end.
        static func isFetchFailure(_ error: ForecastError) -> Bool {
            switch error {
            case .other, .cancelled, .deadline, .inFile, .notInAgencyFile: false
            default: true
            }
        }
    }
}
