import CurlHTTP

/// One iteration's fetching, for every source alike: each city's ``Route``, each file fetched
/// once whichever cities read it, and the events that move them on. The one copy of "claim,
/// then request or wait, then settle" in the package.
///
/// A file is claimed from its source's ``CacheLayer``: a fresh copy answers at once; a miss takes its lock and is
/// requested; a file another process is fetching is waited for (a task polls its lock, ``CacheLock/wait(until:)``) and
/// then read or requested. A request's end is settled (decoded, stored, its lock let go) as soon as the consumer takes
/// the event, whichever city it is waiting for: an answer never waits for the printing to reach its city.
///
/// A city whose first source fails (but for a cancellation or the deadline) is read from its
/// route's fallback; one whose first source has not answered within 3 s of its request's start
/// (or half of what was left of the deadline then, if sooner: ``Route/hedgeDelay(since:deadline:limit:)``) has its fallback
/// asked as well, and takes whichever good answer it has first, the first source's if both.
///
/// Not Sendable: only the iteration's consumer touches it. Other threads reach it through its ``RunEvents``: the
/// session's thread as requests end, the tasks that wait for locks, and the clock's timer of the next hedge.
final class FetchRun {
    let client: ForecastClient
    let route: Route
    let cities: [City]
    /// The limit every request of the run shares; nil with `jobs: 1`.
    let limit: ConcurrencyLimit?
    /// Where the run's own tasks (lock waits) run: the consumer's executor preference, so that a
    /// consumer off the cooperative pool never waits on the pool.
    private let executor: (any TaskExecutor)?
    /// Made when a file first needs the network or another process: a run the cache answers has nothing to wait for.
    private lazy var events = RunEvents()
    /// The run's files by source and key ("jma/130000"): each is fetched once.
    private var files: [String: FileFetch] = [:]
    /// The same, in the order they were claimed, which is the order their requests queue in.
    private var claimed: [FileFetch] = []
    /// The name of each city's first file ("" for none), to know when no city left needs it.
    private var firstNames: [String] = []
    private var states: [CityState]
    /// Where the run's timers come from: the client's clock.
    private let clock: any RunClock
    /// When the next tick is due, and the timer that will post it.
    private var tickDue: ContinuousClock.Instant?
    private var tick: RunTimer?
    private var stopped = false

    /// Where a city stands.
    private struct CityState {
        enum Progress {
            case notStarted, pending, done(CityResult<any Sendable>), taken
        }

        var progress = Progress.notStarted
        var first: LegFetch?
        var fallback: LegFetch?
        /// How long the first source had when the fallback was asked as well.
        var hedgedAfter: Duration?

        var isPending: Bool {
            if case .pending = progress { return true }
            return false
        }
    }

    /// A leg's files for one city: its file and companion, or why the city has none.
    private struct LegFetch {
        var file: FileFetch?
        var companion: FileFetch?
        var keyError: ForecastError?
        /// Why the companion has no file: its key failed.
        var companionKeyError: ForecastError?
    }

    init(client: ForecastClient, route: Route, cities: [City], jobs: Int, executor: (any TaskExecutor)?) {
        self.client = client
        self.route = route
        self.cities = cities
        self.executor = executor
        clock = client.configuration.clock
        limit = jobs > 1 && cities.count > 1 ? ConcurrencyLimit(maxInFlight: jobs) : nil
        states = Array(repeating: CityState(), count: cities.count)
        firstNames = cities.map { city in (try? route.first.feed.key(city)).map { route.first.feed.name + "/" + $0 } ?? "" }
    }

    deinit {
        stop()
    }

    // MARK: The consumer's side

    /// Starts the city at `index`, if it has not started: its route's first file.
    func start(_ index: Int) {
        guard case .notStarted = states[index].progress else { return }
        states[index].progress = .pending
        states[index].first = fetch(route.first, for: index)
        evaluate(index)
    }

    /// The result of the city at `index`, started now if it has not: the events are taken and
    /// acted on (for any city) until it is known. Cancelling the task cancels every file not
    /// yet had; the city's result is then ``ForecastError/cancelled``.
    func result(at index: Int, isolation: isolated (any Actor)? = #isolation) async -> CityResult<any Sendable> {
        start(index)
        while true {
            switch states[index].progress {
            case .done(let result):
                states[index].progress = .taken
                release(index)
                return result
            case .taken:
                return CityResult<any Sendable>(city: cities[index], value: nil, error: .cancelled, info: FetchInfo(source: .network), stale: nil, provider: .tsukumijima)
            case .notStarted, .pending:
                break
            }
            if let due = hedge(now: clock.now) {
                arm(due)
            }
            guard states[index].isPending else { continue }
            for event in await events.next() {
                handle(event)
            }
        }
    }

    /// Lets go of a city's first file once every city of the run that reads it first has been
    /// taken: a run of 142 cities holds each city's decoded forecast only until it is printed.
    /// (A fallback's file, an office's that later cities may still need, is kept for the run.)
    private func release(_ index: Int) {
        let name = firstNames[index]
        guard let file = states[index].first?.file, !name.isEmpty, case .answered = file.state else { return }
        for other in cities.indices where firstNames[other] == name {
            if case .taken = states[other].progress { continue }
            return
        }
        file.state = .released
    }

    /// Cancels every request and wait of the run and lets go of every lock it holds, without
    /// deciding any city: for a run nobody reads any more.
    func stop() {
        guard !stopped else { return }
        stopped = true
        tick?.cancel()
        (tick, tickDue) = (nil, nil)
        // Last first: a request still waiting for its turn is cancelled before the cancellation
        // of one ahead of it frees a turn for it.
        for file in claimed.reversed() {
            switch file.state {
            case .requested(let request, let lock):
                request.cancel()
                file.state = .answered(file.feed.layer.settle(file.key, failure: .cancelled, releasing: lock))
            case .waiting(let waiting, let cancel):
                cancel()
                waiting.lock.release()
                file.state = .answered(file.feed.layer.settle(file.key, failure: .cancelled))
            case .answered, .released:
                break
            }
        }
    }

    // MARK: Files

    /// A leg's files for the city at `index`, each claimed now if the run has not yet.
    private func fetch(_ leg: Route.Leg, for index: Int) -> LegFetch {
        let key: String
        do throws(ForecastError) {
            key = try leg.feed.key(cities[index])
        } catch {
            return LegFetch(keyError: error)
        }
        var fetch = LegFetch(file: file(leg.feed, key, for: index))
        if let companion = leg.companion {
            do throws(ForecastError) {
                fetch.companion = file(companion, try companion.key(cities[index]), for: index)
            } catch {
                fetch.companionKeyError = error
            }
        }
        return fetch
    }

    /// The run's fetch of a file, made and claimed the first time a city asks for it.
    private func file(_ feed: Feed, _ key: String, for index: Int) -> FileFetch {
        let name = feed.name + "/" + key
        if let file = files[name] {
            file.cities.append(index)
            // A file let go of is claimed again for a city that needs it after all.
            if case .released = file.state { claim(file, name: name) }
            return file
        }
        let file = FileFetch(feed: feed, key: key, since: clock.now)
        file.cities.append(index)
        files[name] = file
        claimed.append(file)
        claim(file, name: name)
        return file
    }

    /// The cache first; then the request, or the wait for the process that holds the lock.
    private func claim(_ file: FileFetch, name: String) {
        let layer = file.feed.layer
        if stopped {
            file.state = .answered(layer.settle(file.key, failure: .cancelled))
        } else if client.isPastDeadline {
            file.state = .answered(layer.settle(file.key, failure: client.deadlineError))
        } else {
            switch layer.claim(file.key) {
            case .turn(let turn):
                begin(file, name: name, turn)
            case .busy(let waiting):
                let limit = client.lockWaitLimit
                let events = events
                let task = Task(executorPreference: executor) { [clock] in
                    events.post(.lockWaitEnded(file: name, await layer.wait(waiting, until: limit, clock: clock)))
                }
                file.state = .waiting(waiting, { task.cancel() })
            }
        }
    }

    /// A cached answer, or the request (holding the lock, if there is one).
    private func begin(_ file: FileFetch, name: String, _ turn: CacheLayer.Turn) {
        switch turn {
        case .cached(let answer):
            file.state = .answered(answer)
        case .fetch(let lock):
            switch client.request(file.feed.url(file.key), limit: limit, transient: file.feed.transient) {
            case .success(let request):
                file.state = .requested(request, lock)
                let events = events
                request.whenFinished { events.post(.arrived(file: name, $0)) }
            case .failure(let error):
                file.state = .answered(file.feed.layer.settle(file.key, failure: error, releasing: lock))
            }
        }
    }

    /// Acts on one event: a file settled, a wait ended, the hedge's time, a cancellation.
    private func handle(_ event: RunEvent) {
        switch event {
        case .arrived(let name, let outcome):
            guard let file = files[name], case .requested(_, let lock) = file.state else { return }
            let layer = file.feed.layer
            let (body, info) = client.body(of: outcome, source: layer.networkSource)
            file.state = .answered(layer.settle(file.key, body: body, info: info, releasing: lock))
            file.cities.forEach(evaluate)
        case .lockWaitEnded(let name, let turn):
            guard let file = files[name], case .waiting = file.state else {
                if case .fetch(let lock) = turn { lock?.release() }
                return
            }
            begin(file, name: name, turn)
            file.cities.forEach(evaluate)
        case .tick:
            (tick, tickDue) = (nil, nil)
        case .cancelled:
            stop()
            states.indices.forEach(evaluate)
        }
    }

    // MARK: Cities

    /// Decides the city at `index` if its files allow, and asks its fallback when its first source has failed.
    private func evaluate(_ index: Int) {
        guard states[index].isPending, let firstFetch = states[index].first else { return }
        let first = read(route.first, firstFetch, index)
        // Old data is marked, not failed: the fallback is asked for a failure or a stale copy alone.
        if let first, !first.failed {
            return done(index, first)
        }
        guard let fallbackLeg = route.fallback else {
            if let first { done(index, first) }
            return
        }
        let fallback = states[index].fallback.flatMap { read(fallbackLeg, $0, index) }
        guard let first else {
            // The first source is still on its way: a fresh answer of the hedge stands in.
            if let fallback, !fallback.failed, let hedgedAfter = states[index].hedgedAfter {
                // In tenths of a second: "no answer within 2.5 s".
                done(index, fallback.standingIn(for: .slow(seconds: (hedgedAfter.seconds * 10).rounded() / 10)))
            }
            return
        }
        let failure = first.stale?.error ?? first.error ?? .other("no forecast")
        guard states[index].fallback != nil else {
            guard Route.fallsBack(after: failure), !stopped else { return done(index, first) }
            states[index].fallback = fetch(fallbackLeg, for: index)
            return evaluate(index)
        }
        guard let fallback else { return }
        if fallback.value != nil {
            done(index, fallback.standingIn(for: failure))
        } else if first.value != nil || !Route.fallsBack(after: fallback.error ?? .cancelled) {
            done(index, first)
        } else {
            done(index, first.failing(with: .alsoFailed(first: failure, fallback: fallback.error ?? .other("no forecast"))))
        }
    }

    private func done(_ index: Int, _ result: CityResult<any Sendable>) {
        states[index].progress = .done(result)
    }

    /// What the city at `index` reads from a leg's files; nil while a file is on its way.
    private func read(_ leg: Route.Leg, _ fetch: LegFetch, _ index: Int) -> CityResult<any Sendable>? {
        let city = cities[index]
        guard let file = fetch.file else {
            let failure = fetch.keyError ?? .other("no file")
            return CityResult<any Sendable>(
                city: city, value: nil, error: failure, info: FetchInfo(source: leg.feed.layer.networkSource), stale: nil,
                provider: leg.provider)
        }
        guard case .answered(let answer) = file.state else { return nil }
        var companion: Route.Leg.Companion? = fetch.companionKeyError.map { .failure($0) }
        if let other = fetch.companion {
            guard case .answered(let answer) = other.state else { return nil }
            companion = answer.value.map { .success($0) } ?? .failure(answer.error ?? .other("no file"))
        }
        let now = client.now
        var value: (any Sendable)?, error = answer.error
        if let file = answer.value {
            do throws(ForecastError) {
                value = try leg.read(file, companion, city, now)
            } catch let failure {
                error = failure
            }
        }
        // A copy in place of a failure is marked as one; else data older than its source should be is marked old.
        let dated = value.flatMap { leg.dated($0, now) }
        let old = dated.flatMap { $0.stale ? Staleness(.old, age: $0.age.seconds) : nil }
        return CityResult<any Sendable>(
            city: city, value: value, error: error, info: answer.info, stale: answer.stale ?? old, age: dated?.age,
            provider: leg.provider)
    }

    // MARK: The hedge

    /// Asks the fallback of every pending city whose first source is past its hedge, and
    /// returns the earliest hedge still to come, if any.
    private func hedge(now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard let fallbackLeg = route.fallback, !stopped else { return nil }
        var earliest: ContinuousClock.Instant?
        for index in states.indices where states[index].isPending && states[index].fallback == nil {
            guard let file = states[index].first?.file, let since = waitingSince(file, now: now) else { continue }
            let delay = Route.hedgeDelay(since: since, deadline: client.deadline, limit: client.configuration.hedgeLimit)
            if since + delay <= now {
                states[index].hedgedAfter = delay
                states[index].fallback = fetch(fallbackLeg, for: index)
                evaluate(index)
            } else {
                earliest = min(earliest ?? since + delay, since + delay)
            }
        }
        return earliest
    }

    /// Since when the file has been awaited; nil once it is answered. A request still waiting
    /// for its turn has not started: it is looked at again a whole delay from now.
    private func waitingSince(_ file: FileFetch, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        switch file.state {
        case .answered, .released: nil
        case .requested(let request, _): request.started ?? now
        case .waiting: file.since
        }
    }

    /// Makes sure a tick comes at `due` (or before): a timer of the run's clock.
    private func arm(_ due: ContinuousClock.Instant) {
        if let tickDue, tickDue <= due { return }
        tick?.cancel()
        let events = events
        tick = clock.timer(at: due) { events.post(.tick) }
        tickDue = due
    }
}

/// One file of a run: its source and key, where its fetch stands, and the cities that read it.
///
/// Not Sendable: it belongs to its run's consumer.
final class FileFetch {
    enum State {
        /// Another process holds the file's lock: a task waits for it, which the closure cancels.
        case waiting(CacheLayer.Waiting, @Sendable () -> Void)
        /// Its request is on its way, holding the file's lock if there is one.
        case requested(Request, CacheLock?)
        /// The file, or why not: from the cache, or once the request ended.
        case answered(CacheLayer.Answer)
        /// Answered, and read by every city that needed it: let go of.
        case released
    }

    let feed: Feed
    let key: String
    var state: State
    /// The cities that read it, by index: each is looked at again when it changes.
    var cities: [Int] = []
    /// When the run began to wait for it.
    let since: ContinuousClock.Instant

    init(feed: Feed, key: String, since: ContinuousClock.Instant) {
        self.feed = feed
        self.key = key
        self.since = since
        state = .answered(CacheLayer.Answer(error: .other("not claimed"), info: FetchInfo(source: .network)))
    }
}

extension CityResult {
    /// A value from the fallback, marked with the first source's failure.
    func standingIn(for failure: ForecastError) -> CityResult {
        CityResult(city: city, value: value, error: error, info: info, stale: stale, age: age, provider: provider, fallback: failure)
    }

    /// The same city, failed with `error`.
    func failing(with error: ForecastError) -> CityResult {
        CityResult(city: city, value: nil, error: error, info: info, stale: nil, provider: provider)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
