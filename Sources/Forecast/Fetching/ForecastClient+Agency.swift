import CurlHTTP

extension ForecastClient {
    /// The weeks of `cities`, from the weather agency's office files, in input order, with at
    /// most `jobs` requests in flight: see ``CityResults``. The cities of one office share one
    /// download of its file.
    public func weeks(for cities: [City], jobs: Int) -> CityResults<WeeklyResult> {
        CityResults(cities: cities, jobs: max(1, jobs)) { city, run in self.startWeek(city, in: run) }
    }

    /// The URL of an office's file.
    func agencyURL(office: String) -> String {
        "\(configuration.agencyURL)/bosai/forecast/data/forecast/\(office).json"
    }

    /// The URL of an office's overview.
    func overviewURL(office: String) -> String {
        "\(configuration.agencyURL)/bosai/forecast/data/overview_forecast/\(office).json"
    }

    /// Starts a city's week within one iteration, from its office's file.
    func startWeek(_ city: City, in run: CityRun) -> Pending<WeeklyResult> {
        guard !isPastDeadline, let area = AgencyArea.of(city) else {
            let error = isPastDeadline ? deadlineError : .notInAgencyFile(office: "", problem: "no office for \(city.id)")
            return .ready(WeeklyResult(city: city, outcome: .failure(error), info: FetchInfo(source: agencyLayer.networkSource)))
        }
        let fetch = officeFetch(area.office, in: run)
        return Pending(
            result: {
                let answer = await fetch.answer(self)
                let now = self.now
                return WeeklyResult(
                    city: city, outcome: answer.outcome.flatMap { file in Result { () throws(ForecastError) in try file.week(for: city, now: now) } },
                    info: answer.info, stale: answer.stale)
            },
            cancel: fetch.cancel)
    }

    /// Starts a city's 3-day forecast from its office's file within one iteration;
    /// `failure` is the API's, when the file stands in for it.
    func agencyForecast(_ city: City, in run: CityRun, fallingBackFrom failure: ForecastError?) -> Pending<FetchResult> {
        guard let area = AgencyArea.of(city) else {
            return .ready(agencyResult(city, failure: failure, .failure(.notInAgencyFile(office: "", problem: "no office"))))
        }
        let fetch = officeFetch(area.office, in: run)
        if configuration.agencyOverview, fetch.overview == nil {
            fetch.overview = request(overviewURL(office: area.office), limit: run.limit).success
        }
        return Pending(
            result: {
                let answer = await fetch.answer(self)
                return self.agencyResult(city, failure: failure, answer, overview: await fetch.overviewText())
            },
            cancel: fetch.cancel)
    }

    /// The same through the callback API, for the city alone: `completion` runs at once for a
    /// cached file, else on the request's handler queue. An office's file that another process
    /// is fetching is waited for on the calling thread.
    func agencyForecast(
        _ city: City, limit: ConcurrencyLimit?, fallingBackFrom failure: ForecastError?,
        completion: @escaping @Sendable (FetchResult) -> Void
    ) {
        guard let area = AgencyArea.of(city) else {
            return completion(agencyResult(city, failure: failure, .failure(.notInAgencyFile(office: "", problem: "no office"))))
        }
        let lock: CacheLock?
        switch agencyLayer.claimWaiting(area.office, until: lockWaitLimit) {
        case .cached(let hit): return completion(agencyResult(city, failure: failure, hit))
        case .fetch(let held): lock = held
        }
        switch request(agencyURL(office: area.office), limit: limit) {
        case .failure(let error):
            completion(agencyResult(city, failure: failure, agencyLayer.settle(area.office, failure: error, releasing: lock)))
        case .success(let request):
            request.response { response in
                completion(self.agencyResult(city, failure: failure, self.finishOffice(area.office, response.result, releasing: lock)))
            }
        }
    }

    /// The office's file of this iteration, started now if no city of it has asked yet; if
    /// another process is fetching it, it is waited for when a city's result is asked for.
    func officeFetch(_ office: String, in run: CityRun) -> OfficeFetch {
        if let fetch = run.offices[office] { return fetch }
        let fetch: OfficeFetch
        switch agencyLayer.claim(office) {
        case .turn(let turn): fetch = OfficeFetch(office: office, state: officeState(office, turn, limit: run.limit))
        case .busy(let waiting): fetch = OfficeFetch(office: office, state: .waiting(waiting, limit: run.limit))
        }
        run.offices[office] = fetch
        return fetch
    }

    /// An office's file from its cached value or with its request.
    func officeState(_ office: String, _ turn: CacheLayer<AgencyForecast>.Turn, limit: ConcurrencyLimit?) -> OfficeFetch.State {
        let lock: CacheLock?
        switch turn {
        case .cached(let hit): return .answered(hit)
        case .fetch(let held): lock = held
        }
        switch request(agencyURL(office: office), limit: limit) {
        case .success(let request): return .requested(request, lock)
        case .failure(let error): return .answered(agencyLayer.settle(office, failure: error, releasing: lock))
        }
    }

    /// An office's file from its request's outcome: decoded and stored, or why not (with the
    /// stale fallback); then the office's lock is released.
    func finishOffice(
        _ office: String, _ outcome: Result<Response, any Error>, releasing lock: CacheLock?
    ) -> CacheLayer<AgencyForecast>.Answer {
        let (body, info) = self.body(of: outcome, source: agencyLayer.networkSource)
        return agencyLayer.settle(office, body: body, info: info, releasing: lock)
    }

    /// A city's 3-day result read from its office's file, with the forecaster's overview if
    /// one was fetched.
    private func agencyResult(
        _ city: City, failure: ForecastError?, _ answer: CacheLayer<AgencyForecast>.Answer, overview: AgencyOverview? = nil
    ) -> FetchResult {
        let now = self.now
        let outcome = answer.outcome.flatMap { file in
            Result { () throws(ForecastError) in try file.forecast(for: city, now: now, overview: overview) }
        }
        return FetchResult(city: city, outcome: outcome, info: answer.info, stale: answer.stale, provider: .jma, fallback: failure)
    }

    /// The same with a result not yet from a file.
    private func agencyResult(_ city: City, failure: ForecastError?, _ outcome: Result<CityForecast, ForecastError>) -> FetchResult {
        FetchResult(city: city, outcome: outcome, info: FetchInfo(source: agencyLayer.networkSource), provider: .jma, fallback: failure)
    }
}

/// One office's file within an iteration: fetched once, for whichever of its cities asks
/// first, and read by all of them.
///
/// Not Sendable: only the iteration's consumer uses it, one city at a time.
final class OfficeFetch {
    enum State {
        /// Another process is fetching the file: wait for it, then read it or request it under
        /// `limit`.
        case waiting(CacheLayer<AgencyForecast>.Waiting, limit: ConcurrencyLimit?)
        /// Its request is on its way, holding the office's lock if there is one.
        case requested(Request, CacheLock?)
        /// The file, or why not: from the cache, or once the request has ended.
        case answered(CacheLayer<AgencyForecast>.Answer)
    }

    let office: String
    private var state: State
    /// The request of the office's overview, when the forecasts built from the file print it.
    var overview: Request?
    /// The overview once awaited; nil if it was not asked for or could not be had.
    private var overviewAnswer: AgencyOverview??

    init(office: String, state: State) {
        self.office = office
        self.state = state
    }

    /// The file, awaiting another process's fetch of it or its request the first time.
    func answer(_ client: ForecastClient) async -> CacheLayer<AgencyForecast>.Answer {
        switch state {
        case .answered(let answer):
            return answer
        case .waiting(let waiting, let limit):
            state = client.officeState(office, await client.agencyLayer.wait(waiting, until: client.lockWaitLimit), limit: limit)
            return await answer(client)
        case .requested(let request, let lock):
            let outcome: Result<Response, any Error>
            do {
                outcome = .success(try await request.response())
            } catch {
                outcome = .failure(error)
            }
            let answer = client.finishOffice(office, outcome, releasing: lock)
            state = .answered(answer)
            return answer
        }
    }

    /// The office's overview, awaiting its request the first time; nil if it was not asked for
    /// or did not come (the forecast is then printed without it).
    func overviewText() async -> AgencyOverview? {
        if let answered = overviewAnswer { return answered }
        var text: AgencyOverview?
        if let overview, let response = try? await overview.response(), (200..<300).contains(response.status) {
            text = try? AgencyOverview.decode(response.body)
        }
        overviewAnswer = .some(text)
        return text
    }

    /// Cancels its requests, if they are still on their way.
    func cancel() {
        if case .requested(let request, _) = state { request.cancel() }
        overview?.cancel()
    }
}
