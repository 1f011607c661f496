#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cache and the stale fallback: the one layer between a fetch and the network, for the
/// API's answers (one per city) and the agency's files (one per office) alike.
///
/// Before the network, it answers from a fresh cached body. After it, it stores a body that
/// decoded, and puts a cached copy fetched within `staleIfError` in the place of a failure
/// (`--stale-if-error`). Without a cache it lets everything through. The client has no cache
/// logic of its own: it asks ``fresh(_:)`` first and hands every network answer to
/// ``settle(_:_:info:)``.
struct CacheLayer<Value: Sendable>: Sendable {
    /// What one key (a city, an office) came to: the value or why not, how it was had, and
    /// the failure a stale copy stands in for.
    struct Answer: Sendable {
        var outcome: Result<Value, ForecastError>
        var info: FetchInfo
        var stale: StaleCopy?
    }

    /// The cache, or nil for none (`--no-cache`).
    let cache: ForecastCache?
    /// The authority the entries are kept under ("weather.tsukumijima.net", "127.0.0.1:8080").
    let host: String
    /// How old a copy may stand in for a failed fetch; nil for never.
    let staleIfError: Duration?
    /// How a body becomes a value (given the body and its key); a body that does not is
    /// never served from the cache.
    let decode: @Sendable (Data, String) throws(ForecastError) -> Value

    /// What `--verbose` calls a fetch that went to the network, given how the cache is used.
    var networkSource: FetchInfo.Source {
        switch cache?.mode {
        case .normal: .network
        case .refresh: .refreshed
        case .disabled, nil: .networkOnly
        }
    }

    /// The fresh cached value of `key`, if the cache has one that decodes.
    func fresh(_ key: String) -> Answer? {
        guard let cache, let body = cache.read(host: host, cityID: key), let value = try? decode(body, key) else { return nil }
        return Answer(outcome: .success(value), info: FetchInfo(source: .cache, bytes: body.count))
    }

    /// The answer of the network for `key`: a value is stored and passed on; a failure is
    /// replaced by a stale copy when one is allowed and there, else passed on.
    func settle(_ key: String, _ outcome: Result<(value: Value, body: Data), ForecastError>, info: FetchInfo) -> Answer {
        switch outcome {
        case .success(let fetched):
            cache?.write(host: host, cityID: key, body: fetched.body)
            return Answer(outcome: .success(fetched.value), info: info)
        case .failure(let error):
            return staleCopy(of: key, failedWith: error) ?? Answer(outcome: .failure(error), info: info)
        }
    }

    /// A failure before any request (the deadline has passed, the client has ended), with the
    /// stale fallback as for any failure.
    func settle(_ key: String, failure error: ForecastError) -> Answer {
        settle(key, .failure(error), info: FetchInfo(source: networkSource))
    }

    /// The cached copy fetched within `staleIfError`, marked stale, or nil. A cancelled fetch
    /// (Ctrl-C, an ended client) gets none: nobody is waiting to read it.
    private func staleCopy(of key: String, failedWith error: ForecastError) -> Answer? {
        guard error != .cancelled, let staleIfError, let cache,
              let (body, fetched) = cache.readStale(host: host, cityID: key, maxAge: staleIfError),
              let value = try? decode(body, key)
        else { return nil }
        let stale = StaleCopy(error: error, fetched: fetched, age: cache.currentTime - fetched)
        return Answer(outcome: .success(value), info: FetchInfo(source: .cache, bytes: body.count), stale: stale)
    }
}
