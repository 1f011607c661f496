import CurlHTTP

extension ForecastClient {
    /// Starts a city's 3-day forecast within one iteration: the cache first, then the API (or
    /// the agency's file alone with ``ClientConfiguration/Source/jma``); with
    /// ``ClientConfiguration/Source/auto`` a city the API fails is read from the agency's file
    /// instead, before any stale copy. A city that another process is fetching waits for its
    /// answer when its result is asked for.
    func start(_ city: City, in run: CityRun) -> Pending<FetchResult> {
        if isPastDeadline {
            return .ready(result(city, apiLayer.settle(city.id, failure: deadlineError)))
        }
        if configuration.source == .jma {
            return agencyForecast(city, in: run, fallingBackFrom: nil)
        }
        switch apiLayer.claim(city.id) {
        case .turn(let turn):
            return start(city, turn, in: run)
        case .busy(let waiting):
            return Pending(
                result: { await self.start(city, await self.apiLayer.wait(waiting, until: self.lockWaitLimit), in: run).result() },
                cancel: {})
        }
    }

    /// Starts a city's 3-day forecast from its cached value or with its request.
    private func start(_ city: City, _ turn: CacheLayer<CityForecast>.Turn, in run: CityRun) -> Pending<FetchResult> {
        let lock: CacheLock?
        switch turn {
        case .cached(let hit): return .ready(result(city, hit))
        case .fetch(let held): lock = held
        }
        let request: Request
        switch self.request(url(for: city), limit: run.limit) {
        case .success(let made): request = made
        case .failure(let error): return .ready(result(city, apiLayer.settle(city.id, failure: error, releasing: lock)))
        }
        return Pending(
            result: {
                let answer: CacheLayer<CityForecast>.Answer
                do {
                    answer = self.finish(city, .success(try await request.response()), releasing: lock)
                } catch {
                    answer = self.finish(city, .failure(error), releasing: lock)
                }
                guard let failure = answer.stale?.error ?? answer.outcome.failure, self.fallsBack(failure) else {
                    return self.result(city, answer)
                }
                let fromAgency = await self.agencyForecast(city, in: run, fallingBackFrom: failure).result()
                return fromAgency.forecast != nil ? fromAgency : self.result(city, answer)
            },
            cancel: { request.cancel() })
    }

    /// The API's answer for a city: decoded and stored, or why not (with the stale fallback);
    /// then the city's lock is released.
    func finish(_ city: City, _ outcome: Result<Response, any Error>, releasing lock: CacheLock?) -> CacheLayer<CityForecast>.Answer {
        let (body, info) = self.body(of: outcome, source: apiLayer.networkSource)
        return apiLayer.settle(city.id, body: body, info: info, releasing: lock)
    }

    /// Whether a failure of the API sends the city to the agency's file: any failure of the
    /// fetch with ``ClientConfiguration/Source/auto``, but not the deadline or a cancellation,
    /// which end the run.
    func fallsBack(_ error: ForecastError) -> Bool {
        configuration.source == .auto && error != .cancelled && error.kind != .deadline
    }

    /// A city's result from an answer of the API.
    func result(_ city: City, _ answer: CacheLayer<CityForecast>.Answer) -> FetchResult {
        FetchResult(city: city, outcome: answer.outcome, info: answer.info, stale: answer.stale)
    }

    /// One city through the callback API, for the blocking adapters: `completion` runs at once
    /// on the calling thread for an answer without a request, else on a request's handler
    /// queue, which decodes. The agency's file, when the city needs it, is fetched for the city
    /// alone. A city that another process is fetching is waited for on the calling thread.
    func fetch(_ city: City, limit: ConcurrencyLimit?, completion: @escaping @Sendable (FetchResult) -> Void) {
        if isPastDeadline {
            return completion(result(city, apiLayer.settle(city.id, failure: deadlineError)))
        }
        if configuration.source == .jma {
            return agencyForecast(city, limit: limit, fallingBackFrom: nil, completion: completion)
        }
        let lock: CacheLock?
        switch apiLayer.claimWaiting(city.id, until: lockWaitLimit) {
        case .cached(let hit): return completion(result(city, hit))
        case .fetch(let held): lock = held
        }
        switch request(url(for: city), limit: limit) {
        case .failure(let error):
            completion(result(city, apiLayer.settle(city.id, failure: error, releasing: lock)))
        case .success(let request):
            request.response { response in
                let answer = self.finish(city, response.result, releasing: lock)
                guard let failure = answer.stale?.error ?? answer.outcome.failure, self.fallsBack(failure) else {
                    return completion(self.result(city, answer))
                }
                self.agencyForecast(city, limit: limit, fallingBackFrom: failure) { fromAgency in
                    completion(fromAgency.forecast != nil ? fromAgency : self.result(city, answer))
                }
            }
        }
    }
}

extension Result {
    /// The error, or nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, or nil for a failure.
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
