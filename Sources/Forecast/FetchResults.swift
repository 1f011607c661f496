import CurlHTTP

extension ForecastClient {
    /// The results of `cities`, in input order, with at most `jobs` requests in flight: the
    /// one way to fetch many cities, which the command and the other forms are built on.
    ///
    /// Each result is yielded as soon as it and every city before it are done, so a slow city
    /// holds back only the cities after it. With `jobs` above 1, every city is handed to the
    /// session when the first result is asked for, under one `ConcurrencyLimit`: the session's
    /// thread starts the next request the moment one ends, as `curl --parallel` does. With
    /// `jobs: 1` a city's request starts only when its result is asked for, so a consumer that
    /// stops (its output failed) sends nothing more. Ending the iteration early, or cancelling
    /// the consuming task, cancels the requests not yet consumed.
    public func results(for cities: [City], jobs: Int) -> FetchResults {
        FetchResults(client: self, cities: cities, jobs: max(1, jobs))
    }
}

/// The results of a list of cities in input order: see ``ForecastClient/results(for:jobs:)``.
public struct FetchResults: AsyncSequence, Sendable {
    public typealias Element = FetchResult
    public typealias Failure = Never

    let client: ForecastClient
    let cities: [City]
    let jobs: Int

    public func makeAsyncIterator() -> Iterator {
        Iterator(run: Run(client: client, cities: cities, jobs: jobs))
    }

    /// Takes the results one by one, in input order.
    ///
    /// Its buffer is the cities' started fetches, in input order: the requests hold their own
    /// outcomes until the iterator reaches them, so reordering needs no queue of its own. The
    /// result is decoded here, on the consumer's side, so that a city's request and result
    /// move between threads only twice: to the session's thread and back to the consumer.
    public struct Iterator: AsyncIteratorProtocol {
        let run: Run
        private var position = 0

        init(run: Run) {
            self.run = run
        }

        public mutating func next() async -> FetchResult? {
            await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> FetchResult? {
            guard position < run.cities.count else { return nil }
            guard !Task.isCancelled else {
                run.cancelRemaining(from: position)
                position = run.cities.count
                return nil
            }
            let city = run.cities[position]
            let started = run.take(position)
            position += 1
            switch started {
            case .answered(let result):
                return result
            case .requested(let request):
                do {
                    return run.client.finish(city, .success(try await request.response()))
                } catch {
                    return run.client.finish(city, .failure(error))
                }
            }
        }
    }

    /// The cities' fetches of one iteration; what has not been consumed when it ends is
    /// cancelled.
    ///
    /// Not Sendable: only its iterator uses it, from the consuming task.
    final class Run {
        /// Where one city's fetch stands.
        private enum Slot {
            case notStarted
            case started(ForecastClient.Start)
            /// Handed to the iterator, or cancelled.
            case taken
        }

        let client: ForecastClient
        let cities: [City]
        /// The limit every city's request shares; nil with `jobs: 1`, where the cities start
        /// one at a time.
        private let limit: ConcurrencyLimit?
        private var slots: [Slot]

        init(client: ForecastClient, cities: [City], jobs: Int) {
            self.client = client
            self.cities = cities
            limit = jobs > 1 ? ConcurrencyLimit(maxInFlight: jobs) : nil
            slots = Array(repeating: .notStarted, count: cities.count)
        }

        deinit {
            cancelRemaining(from: 0)
        }

        /// The fetch of the city at `index`, started now if it was not; under a limit, every
        /// city not started yet starts with it.
        func take(_ index: Int) -> ForecastClient.Start {
            let fetch: ForecastClient.Start
            if case .started(let started) = slots[index] {
                fetch = started
            } else {
                fetch = client.start(cities[index], limit: limit)
                if limit != nil {
                    for later in slots.indices where later > index {
                        if case .notStarted = slots[later] {
                            slots[later] = .started(client.start(cities[later], limit: limit))
                        }
                    }
                }
            }
            slots[index] = .taken
            return fetch
        }

        /// Cancels the requests of the cities from `index` on that were started and not taken,
        /// last city first: a request waiting for its turn is cancelled before an earlier one's
        /// cancellation frees a turn for it.
        func cancelRemaining(from index: Int) {
            for slot in slots.indices.reversed() where slot >= index {
                if case .started(.requested(let request)) = slots[slot] {
                    request.cancel()
                }
                slots[slot] = .taken
            }
        }
    }
}
