#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cache and the stale fallback: the one layer between a fetch and the network, for every
/// source's files alike (the API's answers, one per city; the agency's files, one per office).
///
/// Before the network, it answers from a fresh cached body. After it, it stores a body that decoded, and puts a cached
/// copy fetched within `staleIfError` in the place of a failure (`--stale-if-error`). Without a cache it lets
/// everything through. The client has no cache logic of its own: ``FetchRun`` asks ``claim(_:)`` first and hands every
/// network answer to ``settle(_:body:info:releasing:)``. Its values are the source's decoded files, kept as `any
/// Sendable` so that one run holds the files of every source; the route that reads a file knows its type.
///
/// Processes sharing a cache folder fetch a key one at a time: a miss takes the key's ``CacheLock`` and holds it until
/// the answer is stored, and a process that finds it taken waits, then reads what the holder stored, and fetches only
/// if that is still not fresh. A hit reads the entry and takes no lock.
struct CacheLayer: Sendable {
    typealias Value = any Sendable

    /// What one key (a city, an office) came to: the value or why not, how it was had, and
    /// the failure a stale copy stands in for.
    struct Answer: Sendable {
        /// The file, or nil when `error` says why not. (Two optionals rather than a `Result`, whose metadata would cost
        /// a look-up of `ForecastError: Error` in the binary's conformances.)
        var value: Value?
        var error: ForecastError?
        var info: FetchInfo
        var stale: Staleness?
    }

    /// The cache, or nil for none (`--no-cache`).
    let cache: ForecastCache?
    /// The authority the entries are kept under ("weather.tsukumijima.net", "127.0.0.1:8080").
    let host: String
    /// How old a copy may stand in for a failed fetch; nil for never.
    let staleIfError: Duration?
    /// How a body becomes a value (given the body and its key); a body that does not is never served from the cache.
    let decode: @Sendable (Data, String) throws(ForecastError) -> Value

    /// What `--verbose` calls a fetch that went to the network, given how the cache is used.
    var networkSource: FetchInfo.Source {
        switch cache?.mode {
        case .normal: .network
        case .refresh: .refreshed
        case .disabled, nil: .networkOnly
        }
    }

    /// What a key comes to before the network: a cached value, or the network with the key's
    /// lock held (none where there is no lock to take).
    enum Turn: Sendable {
        /// A fresh cached value, read at once or stored meanwhile by another process.
        case cached(Answer)
        /// Fetch it, and hand the answer and the lock to ``settle(_:body:info:releasing:)``.
        case fetch(CacheLock?)
    }

    /// What ``claim(_:)`` found.
    enum Claim: Sendable {
        /// Decided at once.
        case turn(Turn)
        /// Another process (or an earlier city of this run) is fetching the key: ``wait(_:until:)``.
        case busy(Waiting)
    }

    /// A key whose lock another holds, with what waiting for it needs.
    struct Waiting: Sendable {
        let key: String
        let lock: CacheLock
        /// With `--refresh`, when the wait began, by the cache's clock: an entry stored since
        /// then is what the holder fetched, which the refresh takes; any fresh entry otherwise.
        let since: Int?
    }

    /// The fresh cached value of `key`, if the cache has one that decodes.
    func fresh(_ key: String) -> Answer? {
        guard let cache, let body = cache.read(host: host, key: key), let value = try? decode(body, key) else { return nil }
        return Answer(value: value, info: FetchInfo(source: .cache, bytes: body.count))
    }

    /// The key's cached value, else its lock for the fetch, else (another holds the lock) what
    /// to wait for. Reads before it locks: a hit opens no lock file.
    func claim(_ key: String) -> Claim {
        if let hit = fresh(key) { return .turn(.cached(hit)) }
        guard let cache, let lock = cache.lock(host: host, key: key) else { return .turn(.fetch(nil)) }
        switch lock.tryLock() {
        case .locked:
            // The previous holder may have stored the entry between the read above and the lock.
            if let hit = fresh(key) {
                lock.release()
                return .turn(.cached(hit))
            }
            return .turn(.fetch(lock))
        case .busy:
            return .busy(Waiting(key: key, lock: lock, since: cache.mode == .refresh ? cache.currentTime : nil))
        case .unavailable:
            lock.release()
            return .turn(.fetch(nil))
        }
    }

    /// Waits for the holder of a key's lock, suspending the task, for at most `limit`: then the value the holder
    /// stored, else the lock to fetch it. When the limit passes or the task is cancelled first, the fetch goes ahead
    /// without the lock (the caller decides whether it still may).
    func wait(_ waiting: Waiting, until limit: ContinuousClock.Instant, clock: any RunClock) async -> Turn {
        let attempt = await waiting.lock.wait(until: limit, clock: clock)
        // What the holder stored, whether or not the lock was had, else the fetch, with the lock if it was had.
        if let cache, let body = cache.read(host: host, key: waiting.key, fetchedSince: waiting.since),
           let value = try? decode(body, waiting.key) {
            waiting.lock.release()
            return .cached(Answer(value: value, info: FetchInfo(source: .cache, bytes: body.count)))
        }
        guard attempt == .locked else {
            waiting.lock.release()
            return .fetch(nil)
        }
        return .fetch(waiting.lock)
    }

    /// The answer of the network for `key`: a body that decodes (with the layer's decoder) is stored and passed on; a
    /// failure is replaced by a stale copy when one is allowed and there, else passed on. The key's lock, if held, is
    /// released once the value is stored: a process waiting for it then reads it.
    func settle(_ key: String, body: Result<Data, ForecastError>, info: FetchInfo, releasing lock: CacheLock?) -> Answer {
        switch body {
        case .failure(let error):
            return failed(key, error, info: info, releasing: lock)
        case .success(let body):
            do throws(ForecastError) {
                return stored(key, try decode(body, key), body: body, info: info, releasing: lock)
            } catch {
                return failed(key, error, info: info, releasing: lock)
            }
        }
    }

    /// A failure before any request (the deadline has passed, the client has ended), with the
    /// stale fallback as for any failure, releasing the key's lock if held.
    func settle(_ key: String, failure error: ForecastError, releasing lock: CacheLock? = nil) -> Answer {
        failed(key, error, info: FetchInfo(source: networkSource), releasing: lock)
    }

    /// A decoded body, stored; then the key's lock is released.
    private func stored(_ key: String, _ value: Value, body: Data, info: FetchInfo, releasing lock: CacheLock?) -> Answer {
        defer { lock?.release() }
        var info = info
        info.notStored = cache?.write(host: host, key: key, body: body)
        return Answer(value: value, info: info)
    }

    /// A failure, or the stale copy that stands in for it; then the key's lock is released.
    private func failed(_ key: String, _ error: ForecastError, info: FetchInfo, releasing lock: CacheLock?) -> Answer {
        defer { lock?.release() }
        return staleCopy(of: key, failedWith: error) ?? Answer(error: error, info: info)
    }

    /// The cached copy fetched within `staleIfError`, marked stale, or nil. A cancelled fetch
    /// (Ctrl-C, an ended client) gets none: nobody is waiting to read it.
    private func staleCopy(of key: String, failedWith error: ForecastError) -> Answer? {
        guard error != .cancelled, let staleIfError, let cache,
              let (body, fetched) = cache.readStale(host: host, key: key, maxAge: staleIfError),
              let value = try? decode(body, key)
        else { return nil }
        let stale = Staleness(error: error, fetched: fetched, age: cache.currentTime - fetched)
        return Answer(value: value, info: FetchInfo(source: .cache, bytes: body.count), stale: stale)
    }
}
