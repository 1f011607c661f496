import CurlHTTP
@testable import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Clients sharing a cache folder, as processes do: one request per city (or office) and
/// release, whichever of them asks.
@Suite("Fetching through a shared cache folder")
struct ClientLockTests {
    let tokyo = CityCatalog.city(id: "130010")!

    private func client(
        _ server: MockServer, cache: ForecastCache, timeout: Duration = .seconds(5), maxTime: Duration? = nil,
        source: ClientConfiguration.Source = .auto
    ) -> ForecastClient {
        ForecastClient(configuration: ClientConfiguration(
            baseURL: server.baseURL, timeout: timeout, retries: 0, cache: cache, maxTime: maxTime, agencyURL: server.baseURL,
            source: source))
    }

    @Test("A client that finds another fetching the city waits and reads its copy: one request")
    func secondClientWaits() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            try await MockServer.withServer(MockConfiguration(latency: .milliseconds(300))) { server in
                // A wait as long as a minute's fetch: a busy machine cannot end it before the holder
                // stores. The API alone: on a machine so busy that the first answer takes 3 s, the
                // hedge would ask the agency's file for the waiter, which is not what this tests.
                let first = client(server, cache: cache, timeout: .seconds(60), source: .tsukumijima)
                let second = client(server, cache: cache, timeout: .seconds(60), source: .tsukumijima)
                async let firstResult = first.fetch(tokyo)
                try #require(await eventually { server.stats().requestsServed == 1 }, "the first request never arrived")
                let secondResult = await second.fetch(tokyo)

                #expect(server.stats().requestsServed == 1)
                #expect(await firstResult.info.source == .network)
                #expect(secondResult.info.source == .cache)
                #expect(secondResult.forecast == (await firstResult.forecast))
                #expect(!second.hasStartedSession, "the waiter never needed the network")
            }
        }
    }

    @Test("The same city twice in one run is fetched once, in the async sequence and the callback adapters")
    func sameCityTwice() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            try await MockServer.withServer(MockConfiguration(latency: .milliseconds(100))) { server in
                var sources: [FetchInfo.Source] = []
                for await result in client(server, cache: cache).results(for: [tokyo, tokyo], jobs: 2) {
                    sources.append(result.info.source)
                }
                // Both cities read the run's one fetch of the file.
                #expect(sources == [.network, .network])
                #expect(server.stats().requestsServed == 1)
            }
        }
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            try await MockServer.withServer(MockConfiguration(latency: .milliseconds(100))) { server in
                let client = client(server, cache: cache)
                let sources = await offPool {
                    let collected = LockedValue<[FetchInfo.Source]>([])
                    client.fetchInParallel([self.tokyo, self.tokyo], jobs: 2) { result in
                        collected.withLock { $0.append(result.info.source) }
                    }
                    return collected.withLock { $0 }
                }
                // Both cities read the run's one fetch of the file.
                #expect(sources == [.network, .network])
                #expect(server.stats().requestsServed == 1)
            }
        }
    }

    @Test("A holder that outlasts one timeout per attempt is overtaken: the waiter fetches without the lock")
    func stuckHolderOvertaken() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            try await MockServer.withServer(MockConfiguration()) { server in
                // One timeout bounds both the wait and the fetch that follows it: 5 s, far above
                // what a loopback answer takes even on a machine busy with the whole suite.
                let timeout = Duration.seconds(5)
                let client = client(server, cache: cache, timeout: timeout, source: .tsukumijima)
                let stuck = try #require(cache.lock(host: client.configuration.endpoint.authority, key: "130010"))
                try #require(stuck.tryLock() == .locked)
                defer { stuck.release() }

                let started = ContinuousClock.now
                let result = await client.fetch(tokyo)
                let elapsed = ContinuousClock.now - started

                #expect(result.info.source == .network)
                #expect(result.forecast != nil)
                #expect(server.stats().requestsServed == 1)
                #expect(elapsed >= timeout, "it waited its bound first: \(elapsed)")
                let asked = try #require(server.stats().requestStartTimes.first)
                #expect(asked - started >= timeout, "the request went out once the wait had ended")
                #expect(elapsed < .seconds(120), "then it fetched: \(elapsed)")
            }
        }
    }

    @Test("With --max-time, a wait the deadline ends fails the city as the deadline does, without a request")
    func deadlineEndsTheWait() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            try await MockServer.withServer(MockConfiguration()) { server in
                let client = client(server, cache: cache, maxTime: .milliseconds(300))
                let stuck = try #require(cache.lock(host: client.configuration.endpoint.authority, key: "130010"))
                try #require(stuck.tryLock() == .locked)
                defer { stuck.release() }

                var results: [FetchResult] = []
                for await result in client.results(for: [tokyo], jobs: 1) { results.append(result) }

                #expect(results.map(\.error?.kind) == [.deadline])
                // No request to the API (the hedge may have asked for the agency's file meanwhile).
                #expect(server.stats().requestsByCity.isEmpty)
            }
        }
    }

    @Test("Two clients asking for one office's file at once: one request")
    func officeOnce() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path)
            var configuration = MockConfiguration(stampsRelease: true)
            configuration.latencyBySource["office"] = ["130000": .milliseconds(300)]
            try await MockServer.withServer(configuration) { server in
                // A minute's bound on the wait, as above: a busy machine cannot end it first.
                let first = client(server, cache: cache, timeout: .seconds(60))
                let second = client(server, cache: cache, timeout: .seconds(60))
                async let firstWeeks = collect(first.weeks(for: [tokyo], jobs: 1))
                try #require(await eventually { server.stats().requestsServed == 1 }, "the first request never arrived")
                let secondWeeks = await collect(second.weeks(for: [tokyo], jobs: 1))

                #expect(server.stats().requestsBySource["office"] == ["130000": 1])
                #expect(await firstWeeks.map(\.info.source) == [.network])
                #expect(secondWeeks.map(\.info.source) == [.cache])
            }
        }
    }

    private func collect(_ weeks: CityResults<WeeklyForecast>) async -> [WeeklyResult] {
        var all: [WeeklyResult] = []
        for await week in weeks { all.append(week) }
        return all
    }
}
