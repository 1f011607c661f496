import CurlHTTP
@testable import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Starts a mock API, runs `body` with a client pointed at it (no cache unless given), and shuts the mock down.
/// The client asks the API alone unless `source` says otherwise, so that a failure is the API's
/// own; with `.auto`, the agency's files come from the same mock.
func withClient<T>(
    _ configuration: MockConfiguration = MockConfiguration(),
    retries: Int = 0, interval: Duration? = nil, cache: ForecastCache? = nil, source: ClientConfiguration.Source = .tsukumijima,
    timeout: Duration = .seconds(60), _ body: (ForecastClient, MockServer) async throws -> T
) async throws -> T {
    try await MockServer.withServer(configuration) { server in
        let client = ForecastClient(configuration: ClientConfiguration(
            baseURL: server.baseURL, timeout: timeout, retries: retries, interval: interval, cache: cache,
            agencyURL: server.baseURL, source: source))
        return try await body(client, server)
    }
}

let fiveCities = ["130010", "140010", "090010", "330010", "400040"].map { CityCatalog.city(id: $0)! }

@Suite("Fetching cities")
struct ClientTests {
    @Test("The client's requests read into 8 KiB buffers and retry the API's transient errors by default")
    func requestDefaults() {
        let options = ForecastClient().sessionConfiguration.requestDefaults
        // The API's bodies (4-7 KB) fit one read; 50 transfers in flight hold half of
        // libcurl's default buffers.
        #expect(options.receiveBufferSize == 8 << 10)
        #expect(options.retry.maxRetries == 2)
        #expect(options.retry.retryableStatuses == [408, 429, 500, 502, 503, 504])
        #expect(options.retry.retryableMethods.contains(.get))
    }

    @Test("One city, async: the fixture's forecast with network info")
    func oneCity() async throws {
        try await withClient { client, _ in
            let expected = try decodeFixture("130010.json")
            let bytes = try fixture("130010.json").count
            let result = await client.fetch(CityCatalog.city(id: "130010")!)
            #expect(result.forecast == expected)
            #expect(result.info.status == 200)
            #expect(result.info.attempts == 1)
            #expect(result.info.bytes == bytes)
            #expect(result.info.source == .networkOnly)
        }
    }

    @Test("A template city gets its own location")
    func templateCity() async throws {
        try await withClient { client, _ in
            let osaka = await client.fetch(try CityCatalog.resolve("大阪"))
            #expect(osaka.forecast?.location.city == "大阪")
            #expect(osaka.forecast?.location.prefecture == "大阪府")
        }
    }

    @Test("Sequential fetching never has two requests in flight and keeps input order")
    func sequential() async throws {
        try await withClient(MockConfiguration(latency: .milliseconds(50))) { client, mock in
            let ids = await offPool {
                let ids = LockedValue<[String]>([])
                client.fetchSequentially(fiveCities) { result in
                    ids.withLock { $0.append(result.forecast?.location.city ?? "error") }
                }
                return ids.withLock { $0 }
            }
            #expect(ids == ["東京", "横浜", "宇都宮", "岡山", "久留米"])
            #expect(mock.stats().maxInFlight == 1)
            #expect(mock.stats().requestsServed == 5)
        }
    }

    @Test("Parallel fetching delivers in input order when the server answers in reverse order")
    func parallelReverse() async throws {
        try await withClient { client, mock in
            // Given the five held at the server until all are there, then answered last first,
            // each once the one after it has been
            mock.closeGate(untilHeld: 5, order: fiveCities.reversed().map(\.id))
            let delivered = await offPool {
                let delivered = LockedValue<[String]>([])
                client.fetchInParallel(fiveCities, jobs: 8) { result in delivered.withLock { $0.append(result.city.id) } }
                return delivered.withLock { $0 }
            }
            #expect(delivered == fiveCities.map(\.id))
            #expect(mock.stats().maxInFlight == 5)
        }
    }

    @Test("Parallel fetching delivers the first cities while the last one is still in flight")
    func parallelStreams() async throws {
        // Given the last city stalled at the server (the client's timeout is a minute): the four
        // before it are handed over while it is still open, and the fourth ends the client,
        // which ends the stall. Had delivery waited for the last city, it would have timed out.
        try await withClient(MockConfiguration(faultsByCity: ["400040": FaultRule(.stall)])) { client, _ in
            let seen = await offPool {
                let seen = LockedValue<[FetchResult]>([])
                client.fetchInParallel(fiveCities, jobs: 8) { result in
                    seen.withLock { $0.append(result) }
                    if result.city.id == "330010" { client.invalidateAndCancel() }
                }
                return seen.withLock { $0 }
            }
            try #require(seen.map(\.city.id) == fiveCities.map(\.id))
            #expect(seen.prefix(4).allSatisfy { $0.forecast != nil })
            #expect(seen[4].error == .cancelled, "久留米 ended by the client's end, not by its timeout")
        }
    }

    @Test("Parallel fetching keeps at most `jobs` requests in flight")
    func jobsLimit() async throws {
        let cities = Array(CityCatalog.all.prefix(12))
        try await withClient { client, mock in
            // The first three are held at the server until all three are there.
            mock.closeGate(untilHeld: 3)
            let count = await offPool {
                let count = LockedValue(0)
                client.fetchInParallel(cities, jobs: 3) { _ in count.withLock { $0 += 1 } }
                return count.withLock { $0 }
            }
            #expect(count == 12)
            #expect(mock.stats().maxInFlight == 3)
        }
    }

    @Test("One faulted city is that city's error; every other city is correct", arguments: [1, 8])
    func oneFault(jobs: Int) async throws {
        try await withClient(MockConfiguration(faultsByCity: ["090010": FaultRule(.html)])) { client, _ in
            let results = await offPool {
                let results = LockedValue<[FetchResult]>([])
                if jobs == 1 {
                    client.fetchSequentially(fiveCities) { result in results.withLock { $0.append(result) } }
                } else {
                    client.fetchInParallel(fiveCities, jobs: jobs) { result in results.withLock { $0.append(result) } }
                }
                return results.withLock { $0 }
            }
            #expect(results.map(\.city.id) == fiveCities.map(\.id))
            #expect(results[2].error == .notJSON(what: "an HTML page"))
            for index in [0, 1, 3, 4] {
                let expected = try decodeFixture("\(fiveCities[index].id).json")
                #expect(results[index].forecast == expected)
            }
        }
    }

    /// The timeout that ends the stalled city, which its server never answers. Only that city is fetched with it: the
    /// others' answers get the client's minute, however busy the machine (with one short timeout for all five, the
    /// reset city's answer timed out too on CI, once under TSan at 1 s and once in a plain run at 8 s).
    static let stallTimeout = 2

    /// Fetches `cities` in parallel as one caller would, in their order, with `client`, except the one the server
    /// stalls, which a client like it but with ``stallTimeout`` fetches after them.
    static func fetchWithStall(_ cities: [City], stalled: String, client: ForecastClient) async throws -> [FetchResult] {
        let fast = ForecastClient(configuration: ClientConfiguration(
            baseURL: client.configuration.baseURL, timeout: .seconds(stallTimeout), retries: 0, source: .tsukumijima))
        let others = await offPool {
            let results = LockedValue<[FetchResult]>([])
            client.fetchInParallel(cities.filter { $0.id != stalled }, jobs: cities.count) { result in
                results.withLock { $0.append(result) }
            }
            return results.withLock { $0 }
        }
        let stall = await fast.fetch(try #require(cities.first { $0.id == stalled }))
        await fast.shutdown()
        return try cities.map { city in
            try city.id == stalled ? stall : #require(others.first { $0.city.id == city.id }, "\(city.id) not delivered")
        }
    }

    @Test("HTTP failures, API errors and timeouts become that city's error")
    func errorKinds() async throws {
        let faults: [String: FaultRule] = [
            "130010": FaultRule(.status(404)),
            "140010": FaultRule(.apiError("The specified city ID is invalid.")),
            "090010": FaultRule(.stall),
        ]
        try await withClient(MockConfiguration(faultsByCity: faults)) { client, _ in
            let results = try await Self.fetchWithStall(Array(fiveCities.prefix(3)), stalled: "090010", client: client)
            #expect(results[0].error == .http(status: 404, attempts: 1))
            #expect(results[1].error == .api(message: "The specified city ID is invalid."))
            #expect(results[2].error?.description == "timed out after \(Self.stallTimeout) s")
        }
    }

    @Test("A caller tells the failures apart by kind: http, api, timeout, decode, connection")
    func typedErrorKinds() async throws {
        let faults: [String: FaultRule] = [
            "130010": FaultRule(.status(503)),
            "140010": FaultRule(.apiError("The specified city ID is invalid.")),
            "090010": FaultRule(.stall),
            "330010": FaultRule(.html),
            "400040": FaultRule(.reset),
        ]
        try await withClient(MockConfiguration(faultsByCity: faults)) { client, _ in
            let results = try await Self.fetchWithStall(fiveCities, stalled: "090010", client: client)
            #expect(results.map { $0.error?.kind.rawValue } == ["http", "api", "timeout", "decode", "connection"])
            #expect(results[0].error?.httpStatus == 503)
            #expect(results[2].error?.isTimeout == true)
            #expect(results[2].error?.transportError?.timeout == .seconds(Self.stallTimeout))
            #expect(results[4].error?.transportError?.kind == .connectionReset)
        }
    }

    @Test("A host that does not resolve is a dns failure; a closed port a connect failure")
    func dnsAndConnectKinds() async throws {
        let unresolvable = ForecastClient(configuration: ClientConfiguration(
            baseURL: "http://forecast-test.invalid", timeout: .seconds(5), retries: 0))
        let dns = await unresolvable.fetch(fiveCities[0])
        #expect(dns.error?.kind == .dns)
        #expect(dns.error?.isDNS == true)
        let closed = ForecastClient(configuration: ClientConfiguration(
            baseURL: "http://127.0.0.1:1", timeout: .seconds(5), retries: 0))
        #expect(await closed.fetch(fiveCities[0]).error?.kind == .connect)
    }

    @Test("The API's 'Request to JMA API failed' is retried as transient")
    func jmaFailureRetried() async throws {
        let faults = ["130010": FaultRule(.apiError("Request to JMA API failed (HTTP Error 503)"), firstAttempts: 1)]
        try await withClient(MockConfiguration(faultsByCity: faults), retries: 2) { client, mock in
            let result = await client.fetch(CityCatalog.city(id: "130010")!)
            #expect(result.forecast?.location.city == "東京")
            #expect(result.info.attempts == 2)
            #expect(mock.stats().requestsByCity["130010"] == 2)
        }
    }

    @Test("A second fetch is served from the cache without a request")
    func cacheHit() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = ForecastCache(directory: dir, now: { CacheTests.justAfterRelease })
        try await withClient(cache: cache) { client, mock in
            let first = await client.fetch(CityCatalog.city(id: "130010")!)
            let second = await client.fetch(CityCatalog.city(id: "130010")!)
            #expect(first.info.source == .network)
            #expect(second.info.source == .cache)
            #expect(second.forecast == first.forecast)
            #expect(mock.stats().requestsServed == 1)
        }
    }

    @Test("The async stream yields results in input order")
    func asyncStream() async throws {
        try await withClient(MockConfiguration(latencyBySource: ["city": ["130010": .milliseconds(200)]])) { client, _ in
            var ids: [String] = []
            for await result in client.results(for: fiveCities, jobs: 4) {
                ids.append(result.city.id)
            }
            #expect(ids == fiveCities.map(\.id))
        }
    }

    @Test("The stream with jobs: 1 fetches one after the other; an empty list ends at once")
    func streamSequential() async throws {
        try await withClient(MockConfiguration(latency: .milliseconds(30))) { client, mock in
            var cities: [String] = []
            for await result in client.results(for: fiveCities, jobs: 1) {
                cities.append(result.forecast?.location.city ?? "error")
            }
            #expect(cities == ["東京", "横浜", "宇都宮", "岡山", "久留米"])
            #expect(mock.stats().maxInFlight == 1)
            var none = 0
            for await _ in client.results(for: [], jobs: 2) { none += 1 }
            #expect(none == 0)
            await offPool { client.fetchInParallel([], jobs: 2) { _ in } }
        }
    }

    @Test("Ending the async stream early cancels the requests in flight")
    func asyncStreamEndsEarly() async throws {
        // Given three jobs and every city but the first and the last stalling: when 130010
        // finishes, its job goes to 330010, which stalls too, so at the moment the consumer
        // stops, 400040 can only start if stopping fails to stop the run.
        // The stalls must outlast the consumer's turn however busy the machine is (a sanitized suite took over 60 s
        // to break): a stall that timed out would free its job for 400040.
        let faults = ["140010": FaultRule(.stall), "090010": FaultRule(.stall), "330010": FaultRule(.stall)]
        try await withClient(MockConfiguration(faultsByCity: faults), timeout: .seconds(600)) { client, mock in
            var first: String?
            for await result in client.results(for: fiveCities, jobs: 3) {
                first = result.city.id
                break
            }
            #expect(first == "130010")
            // When the session has ended and the server has seen every connection close, every
            // byte any request sent has reached it: a fifth city started by mistake is counted.
            await client.shutdown()
            // In one snapshot: the mock counts a close before it ends the connection's request.
            #expect(await eventually {
                let stats = mock.stats()
                return stats.connectionsClosed == stats.connectionsAccepted && stats.inFlight == 0
            }, "connections or stalled requests still held open: \(mock.stats())")
            #expect(mock.stats().requestsByCity["400040"] == nil, "no city started after the stream ended")
        }
    }

    @Test("Cancelling an async fetch ends it at once as cancelled")
    func asyncCancel() async throws {
        try await withClient(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { client, mock in
            // Given a request the server holds open (the client's timeout is a minute)
            let task = Task { await client.fetch(CityCatalog.city(id: "130010")!) }
            let reached = await eventually { mock.stats().inFlight > 0 }
            // When its task is cancelled
            task.cancel()
            try #require(reached, "the request never reached the server")
            let result = await task.value
            // Then it ends as cancelled, not by the minute's timeout, and the server sees the
            // connection closed
            #expect(result.error == .cancelled)
            #expect(result.info.status == nil)
            #expect(await eventually { mock.stats().inFlight == 0 })
        }
    }

    @Test("The public API is paced at 0.5 s, other hosts not at all; a given interval reaches the session")
    func pacing() {
        let publicAPI = ClientConfiguration()
        #expect(publicAPI.baseURL == "https://weather.tsukumijima.net")
        #expect(publicAPI.pacing.interval(forHost: "weather.tsukumijima.net") == .milliseconds(500))
        #expect(ClientConfiguration(baseURL: "http://127.0.0.1:8080").pacing.interval(forHost: "127.0.0.1") == .zero)
        #expect(ClientConfiguration(interval: .seconds(2)).pacing.interval(forHost: "weather.tsukumijima.net") == .seconds(2))
        let spelled = ClientConfiguration(baseURL: "https://user@Weather.Tsukumijima.NET:443/")
        #expect(spelled.endpoint.host == "weather.tsukumijima.net")
        #expect(spelled.pacing.interval(forHost: spelled.endpoint.host) == .milliseconds(500))
        // The client hands its pacing to its session, which the scheduler's tests hold to it
        // on a manual clock.
        let client = ForecastClient(configuration: ClientConfiguration(baseURL: "http://127.0.0.1:9", interval: .milliseconds(200)))
        #expect(client.sessionConfiguration.pacing.interval(forHost: "127.0.0.1") == .milliseconds(200))
    }
}
