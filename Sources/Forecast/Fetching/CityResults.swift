import CurlHTTP

/// The results of a list of cities, in input order: the one way a client fetches many cities
/// (``ForecastClient/results(for:jobs:)`` for the 3-day forecast, ``ForecastClient/weeks(for:jobs:)``
/// for the week).
///
/// Each result is yielded as soon as it and every city before it are done, so a slow city holds
/// back only the cities after it. With `jobs` above 1, every city starts when the first result
/// is asked for, under one `ConcurrencyLimit`: the session's thread starts the next request the
/// moment one ends, as `curl --parallel` does. With `jobs: 1` a city starts only when its
/// result is asked for, so a consumer that stops (its output failed) sends nothing more.
/// Ending the iteration early, or cancelling the consuming task, cancels what has not been
/// consumed.
public struct CityResults<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = Never

    let cities: [City]
    let jobs: Int
    /// How a city's result is started within one iteration.
    let start: @Sendable (City, CityRun) -> Pending<Element>

    /// An iterator that starts the cities as described above.
    public func makeAsyncIterator() -> Iterator {
        Iterator(run: CityRun(count: cities.count, jobs: jobs), cities: cities, start: start)
    }

    /// Takes the results one by one, in input order.
    ///
    /// Its buffer is the cities' started fetches, in input order: a request holds its own
    /// outcome until the iterator reaches it, so reordering needs no queue of its own. The
    /// result is decoded here, on the consumer's side, so that a city's request and result move
    /// between threads only twice: to the session's thread and back to the consumer.
    public struct Iterator: AsyncIteratorProtocol {
        let run: CityRun
        let cities: [City]
        let start: @Sendable (City, CityRun) -> Pending<Element>
        private var position = 0
        private var slots: Slots

        init(run: CityRun, cities: [City], start: @escaping @Sendable (City, CityRun) -> Pending<Element>) {
            self.run = run
            self.cities = cities
            self.start = start
            slots = Slots(count: cities.count)
        }

        /// The next city's result, or nil after the last one.
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }

        /// The next city's result, awaited on the caller's executor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            guard position < cities.count else { return nil }
            guard !Task.isCancelled else {
                slots.cancelAll()
                position = cities.count
                return nil
            }
            let pending = take(position)
            position += 1
            return await pending.result()
        }

        /// The city at `index`, started now if it was not; under a limit, every city not
        /// started yet starts with it.
        private mutating func take(_ index: Int) -> Pending<Element> {
            if let started = slots.take(index) { return started }
            let pending = start(cities[index], run)
            if run.limit != nil {
                for later in index + 1..<cities.count where !slots.isStarted(later) {
                    slots.put(start(cities[later], run), at: later)
                }
            }
            return pending
        }
    }

    /// The cities' started results of one iteration, until the iterator takes them; what is
    /// left when the iteration ends is cancelled. A class, so that it is cancelled when the
    /// iterator is dropped.
    final class Slots {
        private var started: [Pending<Element>?]
        private var taken: [Bool]

        init(count: Int) {
            started = Array(repeating: nil, count: count)
            taken = Array(repeating: false, count: count)
        }

        deinit {
            cancelAll()
        }

        func isStarted(_ index: Int) -> Bool { started[index] != nil || taken[index] }

        func put(_ pending: Pending<Element>, at index: Int) {
            started[index] = pending
        }

        /// The city's started result, handed over once; nil if it has not started.
        func take(_ index: Int) -> Pending<Element>? {
            taken[index] = true
            defer { started[index] = nil }
            return started[index]
        }

        /// Cancels every started result not taken, last city first: a request waiting for its
        /// turn is cancelled before an earlier one's cancellation frees a turn for it.
        func cancelAll() {
            for index in started.indices.reversed() {
                started[index]?.cancel()
                started[index] = nil
            }
        }
    }
}

/// One city's result on its way: how to await it, and how to cancel what it waits for.
///
/// Not Sendable: it is made and awaited by one iteration's consumer.
struct Pending<Element> {
    let result: () async -> Element
    let cancel: () -> Void

    /// A result already known.
    static func ready(_ element: Element) -> Pending {
        Pending(result: { element }, cancel: {})
    }
}

/// What the cities of one iteration share: the limit their requests take turns of, and the
/// agency's office files, one fetch per office however many of its cities ask.
///
/// Not Sendable: only the iteration's consumer uses it.
final class CityRun {
    /// The limit every request of the iteration shares; nil with `jobs: 1`.
    let limit: ConcurrencyLimit?
    /// The office files fetched or being fetched, by office code.
    var offices: [String: OfficeFetch] = [:]

    init(count: Int, jobs: Int) {
        limit = jobs > 1 && count > 1 ? ConcurrencyLimit(maxInFlight: jobs) : nil
    }
}
