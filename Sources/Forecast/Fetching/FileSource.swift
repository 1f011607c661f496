import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A kind of file the client reads, described once: where a city's file is, how long a copy
/// stays fresh, and how its body decodes. The fetch core (``FetchRun``) does everything else
/// for every source alike: the cache, the lock shared with other processes, the request with
/// its retries, pacing and deadline, the stale fallback, one request per file per run.
///
/// A source is the folder it lives in (`API/`, the API's answers, one per city), with its
/// command and its client method.
protocol FileSource: Sendable {
    /// A decoded body.
    associatedtype File: Sendable
    /// Where its bodies live in the cache, and how long one stays fresh.
    var shelf: ForecastCache.Shelf { get }
    /// The server: the cache keeps entries under its authority.
    var endpoint: Endpoint { get }
    /// The key of the file `city` reads: its own ID, its office, or one key for every city.
    /// Cities with one key share one request per run.
    func key(for city: City) throws(ForecastError) -> String
    /// The URL of the file of `key`.
    func url(for key: String) -> String
    /// A body of the file of `key`, decoded; a body that does not decode is never stored.
    func decode(_ body: Data, key: String) throws(ForecastError) -> File
    /// Whether a complete response says that asking again may succeed (the API's "could not reach the agency" in a
    /// 200's body): the request is then retried as a 503 would be. None by default.
    var isTransient: (@Sendable (Response) -> Bool)? { get }
}

extension FileSource {
    var isTransient: (@Sendable (Response) -> Bool)? { nil }
}

/// A source as the fetch core holds it, whatever its file's type: its cache layer (which
/// decodes) and where its files are.
struct Feed: Sendable {
    /// The source's cache folder, which names it within a run ("" for the API).
    let name: String
    let layer: CacheLayer
    let key: @Sendable (City) throws(ForecastError) -> String
    let url: @Sendable (String) -> String
    /// The source's ``FileSource/isTransient``.
    let transient: (@Sendable (Response) -> Bool)?

    init<Source: FileSource>(_ source: Source, cache: ForecastCache?, staleIfError: Duration?) {
        name = source.shelf.folder
        layer = CacheLayer(
            cache: cache?.on(source.shelf), host: source.endpoint.authority, staleIfError: staleIfError,
            decode: { body, key throws(ForecastError) in try source.decode(body, key: key) })
        key = { city throws(ForecastError) in try source.key(for: city) }
        url = { key in source.url(for: key) }
        transient = source.isTransient
    }
}
