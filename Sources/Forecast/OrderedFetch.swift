import CurlHTTP

/// The one fetch core: hands every city to the session at once, in input order, under one
/// `ConcurrencyLimit` of `jobs`, and hands the results on in input order, from whichever
/// thread completes the result that is due. Nothing here blocks or waits.
///
/// The session's thread keeps at most `jobs` requests in flight and starts the next the moment
/// one ends, as `curl --parallel` does. Each city has a slot; a finished city fills its slot,
/// and the results from the first undelivered slot on are delivered by one thread at a time
/// (whoever finds none delivering takes the turn), so `deliver` sees them in order and never
/// twice at once. ``ForecastClient``'s async, stream and blocking forms are layers over it.
final class OrderedFetch: Sendable {
    private struct State {
        /// The results not handed on yet; a delivered one is dropped.
        var slots: [FetchResult?]
        /// Every slot below this has been handed on (or is being, by the delivering thread).
        var delivered = 0
        var nextToStart = 0
        var stopped = false
        /// True while one thread delivers; others leave their results to it.
        var delivering = false
        var finishedCalled = false
        /// The request of each city handed to the session and not finished, by input index (an
        /// array, not a dictionary keyed by Int: see `RetryPolicy` for what the first Set or
        /// Dictionary of a key type costs at start-up).
        var inFlight: [Request?]

        /// The filled slots from the first undelivered one on, emptied and counted as delivered.
        mutating func takeReady() -> [FetchResult] {
            var taken: [FetchResult] = []
            while delivered < slots.count, let result = slots[delivered].take() {
                taken.append(result)
                delivered += 1
            }
            return taken
        }
    }

    private let cities: [City]
    private let client: ForecastClient
    private let limit: ConcurrencyLimit
    private let deliver: @Sendable (FetchResult) -> Void
    private let finished: @Sendable () -> Void
    private let state: LockedValue<State>

    /// - Parameters:
    ///   - deliver: called once per city, in input order, never twice at once.
    ///   - finished: called once, after the last `deliver`.
    init(
        cities: [City], jobs: Int, client: ForecastClient,
        deliver: @escaping @Sendable (FetchResult) -> Void, finished: @escaping @Sendable () -> Void = {}
    ) {
        self.cities = cities
        self.client = client
        self.deliver = deliver
        self.finished = finished
        limit = ConcurrencyLimit(maxInFlight: max(jobs, 1))
        state = LockedValue(State(
            slots: Array(repeating: nil, count: cities.count), inFlight: Array(repeating: nil, count: cities.count)))
    }

    /// Hands every city to the client in input order (a cache hit is delivered at once, on
    /// this thread), unless the fetch is stopped meanwhile; returns without waiting for any.
    func start() {
        if cities.isEmpty { drain() }
        while true {
            let index: Int? = state.withLock { state in
                guard state.nextToStart < cities.count, !state.stopped else { return nil }
                defer { state.nextToStart += 1 }
                return state.nextToStart
            }
            guard let index else { return }
            let request = client.start(cities[index], limit: limit) { result in
                self.state.withLock { $0.inFlight[index] = nil }
                self.finish(result, at: index)
            }
            if let request {
                let cancelNow = state.withLock { state in
                    if !state.stopped, state.slots[index] == nil, index >= state.delivered {
                        state.inFlight[index] = request
                    }
                    return state.stopped
                }
                if cancelNow { request.cancel() }
            }
        }
    }

    /// Cancels the requests in flight or waiting for their turn, and gives every city not
    /// handed to the session yet a cancelled result.
    func stop() {
        let (requests, unstarted) = state.withLock { state in
            state.stopped = true
            // Last city first: a request waiting for its turn is cancelled before an earlier
            // one's cancellation frees a turn for it.
            let requests = state.inFlight.reversed().compactMap { $0 }
            state.inFlight = Array(repeating: nil, count: state.inFlight.count)
            let unstarted = Array(state.nextToStart..<cities.count)
            state.nextToStart = cities.count
            return (requests, unstarted)
        }
        requests.forEach { $0.cancel() }
        for index in unstarted {
            finish(FetchResult(city: cities[index], outcome: .failure(.cancelled), info: FetchInfo(source: .network)), at: index)
        }
    }

    private func finish(_ result: FetchResult, at index: Int) {
        let stored = state.withLock { state in
            guard index >= state.delivered, state.slots[index] == nil else { return false }
            state.slots[index] = result
            return true
        }
        if stored { drain() }
    }

    /// Delivers what is due, unless another thread is delivering (it will take this too).
    private func drain() {
        var taken = state.withLock { state -> [FetchResult] in
            guard !state.delivering else { return [] }
            let taken = state.takeReady()
            state.delivering = !taken.isEmpty
            return taken
        }
        var done = false
        while !taken.isEmpty {
            taken.forEach(deliver)
            (taken, done) = state.withLock { state in
                let more = state.takeReady()
                guard more.isEmpty else { return (more, false) }
                state.delivering = false
                let done = state.delivered == state.slots.count && !state.finishedCalled
                if done { state.finishedCalled = true }
                return (more, done)
            }
        }
        if cities.isEmpty {
            done = state.withLock { state in
                defer { state.finishedCalled = true }
                return !state.finishedCalled
            }
        }
        if done { finished() }
    }
}
