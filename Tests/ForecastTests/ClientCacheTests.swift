@testable import Forecast
import Foundation
import Testing
import TestSupport

/// The client and its cache together: what it reads, what it fetches, what it leaves on disk.
@Suite("Fetching through the cache")
struct ClientCacheTests {
    let tokyo = CityCatalog.city(id: "130010")!

    /// The raw file of an entry: the header line with its fetch time, then the body.
    private func entryFile(_ cache: ForecastCache, host: String, key: String) -> Data? {
        FileManager.default.contents(atPath: cache.path(host: host, key: key))
    }

    private func entry(fetchedAt time: Int, body: Data) -> Data {
        Data("forecast-cache 1 \(time)\n".utf8) + body
    }

    @Test("A fresh entry whose body is not valid JSON is ignored: one request, and the entry is rewritten")
    func freshEntryWithBrokenBody() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clock = CacheTests.Clock(CacheTests.justAfterRelease)
        let cache = ForecastCache(directory: dir, now: clock.now)
        try await withClient(cache: cache) { client, mock in
            // Given an entry with a good header and a current publicTime, but a cut-off body,
            // which the cache itself still serves as fresh
            let host = client.configuration.endpoint.authority
            let broken = Data(#"{"publicTime": "2022-05-19T05:00:00+09:00", "publicTimeFormatted": "2022/05/19 05:"#.utf8)
            cache.write(host: host, key: "130010", body: broken)
            try #require(cache.read(host: host, key: "130010") == broken, "the broken entry should look fresh to the cache")
            clock.advance(60)

            // When the city is fetched
            let result = await client.fetch(tokyo)

            // Then the client fetched it once from the network
            let expected = try decodeFixture("130010.json")
            #expect(result.forecast == expected)
            #expect(result.info.source == .network)
            #expect(mock.stats().requestsServed == 1)
            // and replaced the entry with the body it fetched, stamped with the time of the fetch
            let body = try fixture("130010.json")
            #expect(entryFile(cache, host: host, key: "130010") == entry(fetchedAt: clock.now(), body: body))
            // which the next fetch is served from, without a request
            let again = await client.fetch(tokyo)
            #expect(again.info.source == .cache)
            #expect(again.forecast == result.forecast)
            #expect(mock.stats().requestsServed == 1)
        }
    }

    @Test("A run the cache answers makes no HTTP session; the first request that needs the network makes it")
    func sessionOnlyWhenNeeded() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clock = CacheTests.Clock(CacheTests.justAfterRelease)
        let cache = ForecastCache(directory: dir, now: clock.now)
        try await withClient(cache: cache) { client, mock in
            let host = client.configuration.endpoint.authority
            cache.write(host: host, key: "130010", body: try fixture("130010.json"))

            let cached = await client.fetch(tokyo)
            #expect(cached.info.source == .cache)
            #expect(!client.hasStartedSession)

            let fetched = await client.fetch(CityCatalog.city(id: "140010")!)
            #expect(fetched.info.source == .network)
            #expect(client.hasStartedSession)
            #expect(mock.stats().requestsServed == 1)
        }
    }

    @Test("A client ended before any request never makes a session, and its fetches end as cancelled")
    func endedBeforeAnyRequest() async throws {
        try await withClient { client, mock in
            client.invalidateAndCancel()
            let result = await client.fetch(tokyo)
            #expect(result.error == .cancelled)
            #expect(!client.hasStartedSession)
            await client.shutdown()
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test("refresh skips a fresh entry: one request, and the entry is rewritten with the new body")
    func refreshSkipsFreshEntry() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clock = CacheTests.Clock(CacheTests.justAfterRelease)
        let normal = ForecastCache(directory: dir, now: clock.now)
        let refresh = ForecastCache(directory: dir, mode: .refresh, now: clock.now)
        try await withClient(cache: refresh) { client, mock in
            // Given a fresh, valid entry for 東京 that differs from what the server sends
            // (横浜's body, released at the same time)
            let host = client.configuration.endpoint.authority
            let old = try fixture("140010.json")
            normal.write(host: host, key: "130010", body: old)
            try #require(normal.read(host: host, key: "130010") == old, "the old entry should be fresh")
            clock.advance(60)

            // When 東京 is fetched with --refresh
            let result = await client.fetch(tokyo)

            // Then the entry was not read: the server's 東京 came back, from one request
            #expect(result.forecast?.location.city == "東京")
            #expect(result.info.source == .refreshed)
            #expect(mock.stats().requestsServed == 1)
            // and the entry now holds the new body, stamped with the time of the fetch
            let body = try fixture("130010.json")
            #expect(entryFile(normal, host: host, key: "130010") == entry(fetchedAt: clock.now(), body: body))
            #expect(normal.read(host: host, key: "130010") == body)
        }
    }

    @Test("disabled writes nothing: every fetch is a request and the folder stays empty")
    func disabledWritesNothing() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clock = CacheTests.Clock(CacheTests.justAfterRelease)
        let disabled = ForecastCache(directory: dir, mode: .disabled, now: clock.now)
        try await withClient(cache: disabled) { client, mock in
            // Given --no-cache and an empty cache folder
            // When two cities are fetched, one of them twice
            var results: [FetchResult] = []
            for id in ["130010", "140010", "130010"] {
                results.append(await client.fetch(CityCatalog.city(id: id)!))
            }

            // Then each fetch was a request that succeeded
            #expect(results.map { $0.forecast?.location.city } == ["東京", "横浜", "東京"])
            #expect(results.allSatisfy { $0.info.source == .networkOnly })
            #expect(mock.stats().requestsServed == 3)
            // and nothing at all was written
            let written = try FileManager.default.contentsOfDirectory(atPath: dir)
            #expect(written == [])
        }
    }

    @Test("disabled does not read a fresh entry, and leaves it as it was")
    func disabledReadsNothing() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clock = CacheTests.Clock(CacheTests.justAfterRelease)
        let normal = ForecastCache(directory: dir, now: clock.now)
        let disabled = ForecastCache(directory: dir, mode: .disabled, now: clock.now)
        try await withClient(cache: disabled) { client, mock in
            // Given a fresh entry for 東京 holding 横浜's body
            let host = client.configuration.endpoint.authority
            normal.write(host: host, key: "130010", body: try fixture("140010.json"))
            let before = try #require(entryFile(normal, host: host, key: "130010"))
            clock.advance(60)

            // When 東京 is fetched with --no-cache
            let result = await client.fetch(tokyo)

            // Then the server's 東京 came back and the entry is untouched
            #expect(result.forecast?.location.city == "東京")
            #expect(mock.stats().requestsServed == 1)
            #expect(entryFile(normal, host: host, key: "130010") == before)
        }
    }
}
