import CurlHTTP
import Dispatch

extension ForecastClient {
    /// Fetches the cities one after the other, as a `DispatchGroup` does it: `enter()`, start the city, `leave()` in
    /// its completion, `wait()` before the next city. Each result is handed to `deliver` on the calling thread before
    /// the next city starts. Blocks the calling thread.
    ///
    /// The cities are one iteration of ``results(for:jobs:)`` with `jobs: 1`, so cities of one office share one
    /// download of its file, and a city another process is fetching is waited for without blocking a thread of the
    /// cooperative pool: the iteration runs on a queue of its own, whatever thread calls this.
    public func fetchSequentially(_ cities: [City], deliver: (FetchResult) -> Void) {
        let iteration = BlockingIteration(results(for: cities, jobs: 1).makeAsyncIterator())
        for _ in cities {
            let slot = ResultSlot()  // its group entered
            Task(executorPreference: iteration.executor) { slot.fill(await iteration.next()) }
            slot.group.wait()
            if let result = slot.take() { deliver(result) }
        }
    }

    /// Fetches the cities with completion handlers, at most `jobs` requests in flight, and hands each result to
    /// `deliver` on the calling thread in input order, as soon as it and every city before it are done. One iteration
    /// of ``results(for:jobs:)`` runs on a queue of its own and fills each city's slot; the calling thread waits on the
    /// slots in turn. Blocks the calling thread.
    public func fetchInParallel(_ cities: [City], jobs: Int, deliver: (FetchResult) -> Void) {
        let slots = cities.map { _ in ResultSlot() }
        let iteration = BlockingIteration(results(for: cities, jobs: jobs).makeAsyncIterator())
        Task(executorPreference: iteration.executor) {
            for slot in slots {
                slot.fill(await iteration.next())
            }
        }
        for slot in slots {
            slot.group.wait()
            if let result = slot.take() { deliver(result) }
        }
    }
}

/// An iteration driven from a blocking adapter, and the queue it runs on.
///
/// `@unchecked Sendable`: the iterator is not Sendable, and is used by one task at a time. In
/// ``ForecastClient/fetchSequentially(_:deliver:)`` each task starts after the calling thread's
/// `DispatchGroup.wait()` has seen the one before leave (the group orders them); in
/// ``ForecastClient/fetchInParallel(_:jobs:deliver:)`` one task makes every call.
private final class BlockingIteration: @unchecked Sendable {
    private var iterator: CityResults<CityForecast>.Iterator
    /// A serial queue of the iteration's own: the calling thread blocks, possibly a thread of
    /// the cooperative pool, and the iteration must not wait for one of those.
    let executor = QueueExecutor()

    init(_ iterator: CityResults<CityForecast>.Iterator) {
        self.iterator = iterator
        self.iterator.executor = executor
    }

    func next() async -> FetchResult? {
        await iterator.next(isolation: nil)
    }
}

/// One city's place in a blocking adapter: its result, filled by the iteration, and the group
/// (entered when made) the calling thread waits on until then.
private final class ResultSlot: Sendable {
    let group = DispatchGroup()
    private let result = LockedValue<FetchResult?>(nil)

    init() { group.enter() }

    func fill(_ value: FetchResult?) {
        result.withLock { $0 = value }
        group.leave()
    }

    func take() -> FetchResult? {
        result.withLock { $0.take() }
    }
}

/// A task executor that runs its jobs on a serial dispatch queue: tasks that prefer it never
/// need a thread of the cooperative pool, which a blocked caller may be holding.
final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "Forecast.QueueExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
