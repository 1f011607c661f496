#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cache and the stale fallback: the one layer between a fetch and the network.
///
/// Before the network, it answers a city from a fresh cached body. After it, it stores a body
/// that decoded, and puts a cached copy fetched within `staleIfError` in the place of a
/// failure (`--stale-if-error`). Without a cache it lets everything through. The client has
/// no cache logic of its own: it asks ``fresh(_:)`` first and hands every network answer to
/// ``settle(_:_:)``.
struct CacheLayer: Sendable {
    /// What the network gave for one city: the forecast and the body it decoded from, or why
    /// not; and the transfer's numbers.
    struct NetworkAnswer: Sendable {
        var outcome: Result<(forecast: CityForecast, body: Data), ForecastError>
        var info: FetchInfo
    }

    /// The cache, or nil for none (`--no-cache`).
    let cache: ForecastCache?
    /// The authority the entries are kept under ("weather.tsukumijima.net", "127.0.0.1:8080").
    let host: String
    /// How old a copy may stand in for a failed fetch; nil for never.
    let staleIfError: Duration?

    /// What `--verbose` calls a fetch that went to the network, given how the cache is used.
    var networkSource: FetchInfo.Source {
        switch cache?.mode {
        case .normal: .network
        case .refresh: .refreshed
        case .disabled, nil: .networkOnly
        }
    }

    /// The city's fresh cached forecast, if the cache has one that decodes.
    func fresh(_ city: City) -> FetchResult? {
        guard let cache, let body = cache.read(host: host, cityID: city.id),
              let forecast = try? ResponseDecoder.decode(body)
        else { return nil }
        return FetchResult(city: city, outcome: .success(forecast), info: FetchInfo(source: .cache, bytes: body.count))
    }

    /// The result of a network answer: a forecast is stored and passed on; a failure is
    /// replaced by a stale copy when one is allowed and there, else passed on.
    func settle(_ city: City, _ answer: NetworkAnswer) -> FetchResult {
        switch answer.outcome {
        case .success(let fetched):
            cache?.write(host: host, cityID: city.id, body: fetched.body)
            return FetchResult(city: city, outcome: .success(fetched.forecast), info: answer.info)
        case .failure(let error):
            return staleCopy(of: city, failedWith: error)
                ?? FetchResult(city: city, outcome: .failure(error), info: answer.info)
        }
    }

    /// A failure before any request (the deadline has passed, the client has ended), with the
    /// stale fallback as for any failure.
    func settle(_ city: City, failure error: ForecastError) -> FetchResult {
        settle(city, NetworkAnswer(outcome: .failure(error), info: FetchInfo(source: networkSource)))
    }

    /// The cached copy fetched within `staleIfError`, marked stale, or nil. A cancelled fetch
    /// (Ctrl-C, an ended client) gets none: nobody is waiting to read it.
    private func staleCopy(of city: City, failedWith error: ForecastError) -> FetchResult? {
        guard error != .cancelled, let staleIfError, let cache,
              let (body, fetched) = cache.readStale(host: host, cityID: city.id, maxAge: staleIfError),
              let forecast = try? ResponseDecoder.decode(body)
        else { return nil }
        let stale = StaleCopy(error: error, fetched: fetched, age: cache.currentTime - fetched)
        return FetchResult(
            city: city, outcome: .success(forecast), info: FetchInfo(source: .cache, bytes: body.count), stale: stale)
    }
}
