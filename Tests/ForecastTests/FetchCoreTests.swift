import CurlHTTP
@testable import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// The one fetch core every source goes through: an answer stored as it arrives, one request
/// per file whichever adapter asks, the fallback with its hedge, and both failures said.
@Suite("The fetch core")
struct FetchCoreTests {
    let tokyo = CityCatalog.city(id: "130010")!
    let yokohama = CityCatalog.city(id: "140010")!
    let hachijojima = CityCatalog.city(id: "130030")!

    private func client(
        _ server: MockServer, source: ClientConfiguration.Source = .auto, cache: ForecastCache? = nil,
        timeout: Duration = .seconds(60), maxTime: Duration? = nil, hedgeLimit: Duration = .seconds(3), clock: TestRunClock? = nil
    ) -> ForecastClient {
        var configuration = ClientConfiguration(
            baseURL: server.baseURL, timeout: timeout, retries: 0, cache: cache, maxTime: maxTime,
            agencyURL: server.baseURL, source: source)
        configuration.hedgeLimit = hedgeLimit
        if let clock { configuration.clock = clock }
        return ForecastClient(configuration: configuration)
    }

    @Test("With -p, a city that arrives behind a stalled one is stored and its lock let go at once, not when the output reaches it")
    func storedOnArrival() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            let configuration = MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])
            try await MockServer.withServer(configuration) { server in
                let client = client(server, source: .tsukumijima, cache: cache)
                // Given Tokyo stalled ahead of Yokohama, consumed in input order
                let consumer = Task {
                    var seen: [String] = []
                    for await result in client.results(for: [tokyo, yokohama], jobs: 2) { seen.append(result.city.id) }
                    return seen
                }
                // Then Yokohama's entry is written and its lock free while Tokyo is still awaited
                let host = client.configuration.endpoint.authority
                let stored = await eventually { cache.read(host: host, key: "140010") != nil }
                #expect(stored, "Yokohama's answer waited for the output to reach it")
                let lock = try #require(cache.lock(host: host, key: "140010"))
                // The entry is written a moment before its lock is let go (CacheLayer.stored).
                #expect(await eventually { lock.tryLock() == .locked }, "Yokohama's lock is still held")
                lock.release()
                #expect(server.stats().requestsByCity["140010"] == 1)
                consumer.cancel()
                _ = await consumer.value
                await client.shutdown()
            }
        }
    }

    @Test("A fetch cancelled while it waits for another process's lock stops there: no session, no request")
    func cancelledLockWaitStops() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            try await MockServer.withServer(MockConfiguration()) { server in
                let client = client(server, source: .tsukumijima, cache: cache)
                // Given Tokyo's lock held, as by another process in the middle of its fetch
                let host = client.configuration.endpoint.authority
                let held = try #require(cache.lock(host: host, key: "130010"))
                try #require(held.tryLock() == .locked)
                defer { held.release() }
                // When a fetch finds it taken (its own open of the lock file shows it has looked)
                let fetch = Task { await client.fetch(tokyo) }
                let lockFile = cache.path(host: host, key: "130010") + ".lock"
                try #require(await eventually { Self.openCount(of: lockFile) >= 2 }, "the fetch never opened the lock file")
                // and is cancelled while it waits
                fetch.cancel()
                let result = await fetch.value
                // Then it ends as cancelled without going on to the network
                #expect(result.error == .cancelled)
                #expect(!client.hasStartedSession, "the cancelled wait went on to make a session")
                #expect(server.stats().requestsServed == 0)
            }
        }
    }

    /// How many of this process's descriptors are open on `path`.
    static func openCount(of path: String) -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }

    @Test("The callback adapters fetch an office's file once for all its cities, as the sequence does")
    func adaptersShareTheOfficeFile() async throws {
        try await MockServer.withServer(MockConfiguration(stampsRelease: true)) { server in
            // Given two cities of one office and no cache: only the run can share the file
            for adapter in ["sequential", "parallel", "sequence"] {
                let client = client(server, source: .jma)
                let before = server.stats().requestsBySource["office"]?["130000"] ?? 0
                let results: [FetchResult]
                switch adapter {
                case "sequential":
                    results = await offPool {
                        let collected = LockedValue<[FetchResult]>([])
                        client.fetchSequentially([tokyo, hachijojima]) { result in collected.withLock { $0.append(result) } }
                        return collected.withLock { $0 }
                    }
                case "parallel":
                    results = await offPool {
                        let collected = LockedValue<[FetchResult]>([])
                        client.fetchInParallel([tokyo, hachijojima], jobs: 2) { result in collected.withLock { $0.append(result) } }
                        return collected.withLock { $0 }
                    }
                default:
                    var collected: [FetchResult] = []
                    for await result in client.results(for: [tokyo, hachijojima], jobs: 1) { collected.append(result) }
                    results = collected
                }
                #expect(results.map(\.city.id) == ["130010", "130030"], "\(adapter)")
                #expect(results.allSatisfy { $0.forecast != nil && $0.provider == .jma }, "\(adapter)")
                #expect(server.stats().requestsBySource["office"]?["130000"] == before + 1, "\(adapter): one request for the office")
            }
        }
    }

    @Test("A city the API fails fast is read from the agency's file at once, marked with the API's failure")
    func fastFailureFallsBack() async throws {
        let configuration = MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503))], stampsRelease: true)
        try await MockServer.withServer(configuration) { server in
            let result = await client(server).fetch(tokyo)
            #expect(result.forecast != nil)
            #expect(result.provider == .jma)
            #expect(result.fallback == .http(status: 503, attempts: 1))
            #expect(server.stats().requestsBySource["office"]?["130000"] == 1)
        }
    }

    @Test("A stalled API is hedged: when the run's clock is 3 s past the request's start the agency's file is asked as well, not before, and its answer is the city's")
    func stalledAPIIsHedged() async throws {
        let configuration = MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)], stampsRelease: true)
        try await MockServer.withServer(configuration) { server in
            let clock = TestRunClock()
            // The stalled request's own timeout, on the session's real clock, far above what the
            // hedge and the agency's answer take on a busy machine.
            let client = client(server, timeout: .seconds(600), clock: clock)
            let fetch = Task { await client.fetch(tokyo) }
            // The run's clock is moved to each time the run sleeps until. While it is short of
            // 3 s past its start (so of the request's start), the agency's file is not asked for.
            var askedEarly = false
            let (result, moves) = await clock.drive(fetch) {
                if clock.now < clock.start + .seconds(3) {
                    askedEarly = askedEarly || server.stats().requestsBySource["office"]?["130000"] != nil
                }
            }
            #expect(!askedEarly)
            #expect(result.forecast != nil)
            #expect(result.provider == .jma)
            #expect(result.fallback == .slow(seconds: 3))
            #expect(server.stats().requestsBySource["office"]?["130000"] == 1)
            // The hedge came at the last move: 3 s after the request started, which was after
            // the clock's start.
            let last = try #require(moves.last)
            #expect(last - clock.start >= .seconds(3), "\(moves)")
        }
    }

    @Test("The hedge's delay: 3 s, or half of what is left of the deadline when the request starts, if sooner")
    func hedgeDelay() {
        let start = ContinuousClock.now
        #expect(Route.hedgeDelay(since: start, deadline: nil) == .seconds(3))
        #expect(Route.hedgeDelay(since: start, deadline: start + .seconds(5)) == .milliseconds(2500))
        #expect(Route.hedgeDelay(since: start, deadline: start + .seconds(10)) == .seconds(3))
        #expect(Route.hedgeDelay(since: start, deadline: start - .seconds(1)) == .zero)
        #expect(Route.hedgeDelay(since: start, deadline: start + .seconds(60), limit: .seconds(60)) == .seconds(30))
    }

    @Test("Under --max-time the hedge comes at half of what is left when the request starts, and the deadline is met")
    func hedgeUnderDeadline() async throws {
        let configuration = MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)], stampsRelease: true)
        try await MockServer.withServer(configuration) { server in
            // A 600 s deadline and the hedge's usual 3 s limit lifted above half of it, so that
            // the deadline sets the hedge: 300 s after the request starts on the run's clock,
            // which the test moves. The deadline itself runs on the session's real clock, far
            // above what the hedge and the agency's answer take on a busy machine.
            let maxTime = Duration.seconds(600)
            let started = ContinuousClock.now
            let clock = TestRunClock()
            let client = client(server, timeout: maxTime, maxTime: maxTime, hedgeLimit: maxTime, clock: clock)
            // Through the blocking adapter, whose run has a queue of its own.
            let fetch = Task {
                await offPool {
                    let collected = LockedValue<FetchResult?>(nil)
                    client.fetchSequentially([self.tokyo]) { result in collected.withLock { $0 = result } }
                    return collected.withLock { $0 }!
                }
            }
            let (result, _) = await clock.drive(fetch)
            #expect(result.forecast != nil, "\(String(describing: result.error))")
            #expect(result.provider == .jma)
            if case .slow(let seconds) = result.fallback {
                // Half of what was left when the request started: 300 s if at once, less if a
                // busy machine started it late (no earlier than the mock saw it arrive).
                let arrived = try #require(server.stats().requestStartTimes.first)
                let least = (started + maxTime - arrived) / 2
                #expect(Duration.seconds(seconds) >= least - .milliseconds(100) && seconds <= 300, "hedged after \(seconds) s; at least \(least) expected")
            } else {
                Issue.record("not hedged: \(String(describing: result.fallback))")
            }
        }
    }

    @Test("When the API and the agency's file both fail, the error says both; its kind is the API's")
    func bothFail() async throws {
        var configuration = MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503))])
        configuration.faultsBySource["office"] = ["130000": FaultRule(.status(500))]
        try await MockServer.withServer(configuration) { server in
            let result = await client(server).fetch(tokyo)
            #expect(result.error == .alsoFailed(first: .http(status: 503, attempts: 1), fallback: .http(status: 500, attempts: 1)))
            #expect(result.error?.description == "HTTP 503; the weather agency's file: HTTP 500")
            #expect(result.error?.kind == .http)
            #expect(result.error?.httpStatus == 503)
        }
    }

    @Test("A client that is shut down ends: its session's thread is gone and later fetches are cancelled")
    func shutdownEnds() async throws {
        try await MockServer.withServer { server in
            let client = client(server, source: .tsukumijima)
            #expect(await client.fetch(tokyo).forecast != nil)
            #expect(client.hasStartedSession)
            await client.shutdown()
            #expect(await client.fetch(tokyo).error == .cancelled)
            #expect(server.stats().requestsServed == 1)
        }
    }
}
