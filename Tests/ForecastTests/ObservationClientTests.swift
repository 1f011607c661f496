@testable import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// `ForecastClient.observations(for:jobs:)` against the mock: two requests for any number of
/// cities, the cache's window of a map file, and each failure in words.
@Suite("AMeDAS observations: the client", .timeLimit(.minutes(5)))
struct ObservationClientTests {
    /// The time of the mock's real map file.
    static let mapTime = japanTime(2021, 2, 24, 15)

    private func client(_ server: MockServer, cache: ForecastCache?) -> ForecastClient {
        ForecastClient(configuration: ClientConfiguration(
            baseURL: server.baseURL, timeout: .seconds(30), retries: 0, cache: cache, agencyURL: server.baseURL))
    }

    private func observations(_ client: ForecastClient, _ ids: [String], jobs: Int = 8) async -> [CityResult<Observation>] {
        var all: [CityResult<Observation>] = []
        for await result in client.observations(for: ids.map { CityCatalog.city(id: $0)! }, jobs: jobs) { all.append(result) }
        return all
    }

    @Test("142 cities: 2 requests, each city its own station in input order; a run within the map's window: none")
    func twoRequests() async throws {
        try await withTemporaryFolder { folder in
            let clock = CacheTests.Clock(Self.mapTime + 8 * 60)
            let cache = ForecastCache(directory: folder.path, now: clock.now)
            try await MockServer.withServer { server in
                let ids = CityCatalog.all.map(\.id)
                let results = await observations(client(server, cache: cache), ids)
                #expect(results.map(\.city.id) == ids)
                #expect(server.stats().requestsBySource["amedas"] == ["latest_time": 1, "map": 1])
                #expect(server.stats().requestsServed == 2)
                let tokyo = try #require(results.first { $0.city.id == "130010" }?.value)
                #expect(tokyo.station.code == "44132" && tokyo.temperature == 10.8 && tokyo.observed == "2021-02-24T15:00+09:00")
                // Two cities' stations are newer than the 2021 file: they fail in words, the rest do not.
                let failed = results.filter { $0.error != nil }
                #expect(failed.map(\.city.id) == ["120020", "390010"])
                #expect(failed.allSatisfy { "\($0.error!)".hasPrefix("the agency's observations at 2021-02-24 15:00 have no station ") })

                clock.advance(8 * 60)  // T + 16 min: still the file's window
                _ = await observations(client(server, cache: cache), ["130010", "270000"])
                #expect(server.stats().requestsServed == 2)
            }
        }
    }

    @Test("After T + 17 min latest_time.txt is asked again, at most once a minute; the same time keeps the map")
    func recheck() async throws {
        try await withTemporaryFolder { folder in
            let clock = CacheTests.Clock(Self.mapTime + 10 * 60)
            let cache = ForecastCache(directory: folder.path, now: clock.now)
            try await MockServer.withServer { server in
                _ = await observations(client(server, cache: cache), ["130010"])
                clock.advance(8 * 60)  // T + 18 min
                let again = await observations(client(server, cache: cache), ["130010"])
                #expect(again.first?.value?.temperature == 10.8)
                #expect(server.stats().requestsBySource["amedas"] == ["latest_time": 2, "map": 1])
                clock.advance(59)
                _ = await observations(client(server, cache: cache), ["130010"])
                #expect(server.stats().requestsBySource["amedas"] == ["latest_time": 2, "map": 1])
                clock.advance(2)
                _ = await observations(client(server, cache: cache), ["130010"])
                #expect(server.stats().requestsBySource["amedas"] == ["latest_time": 3, "map": 1])
            }
        }
    }

    @Test("A station left out of the map fails its city in words; the others print")
    func stationMissing() async throws {
        let configuration = MockConfiguration(faultsBySource: ["amedas": ["map": FaultRule(.amedasWithoutStation("44132"))]])
        try await MockServer.withServer(configuration) { server in
            let results = await observations(client(server, cache: nil), ["130010", "140010"])
            #expect(results[0].error?.description == "the agency's observations at 2021-02-24 15:00 have no station 44132 (東京)")
            #expect(results[1].value?.station.name == "横浜")
        }
    }

    @Test("latest_time.txt missing or unreadable fails every city, and no map file is asked for", arguments: [
        (Fault.status(404), "the agency's latest_time.txt: HTTP 404"),
        (Fault.html, "the agency's latest_time.txt was an HTML page, not a time"),
        // Another text is quoted, each line break and control shown as "?".
        (Fault.apiError("x"), "the agency's latest_time.txt is not a time on a ten-minute mark: \"{?    \"error\": \"x\"?}\""),
    ])
    func latestFails(fault: Fault, message: String) async throws {
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["amedas": ["latest_time": FaultRule(fault)]])) { server in
            let results = await observations(client(server, cache: nil), ["130010", "140010"])
            #expect(results.map(\.error?.description) == [message, message])
            #expect(server.stats().requestsBySource["amedas"]?["map"] == nil)
        }
    }

    @Test("A map file that is not JSON, or missing, fails every city in words", arguments: [
        (Fault.malformedJSON, "the agency's observations of 2021-02-24 15:00: the response was not valid JSON"),
        (Fault.status(404), "the agency's observations of 2021-02-24 15:00: HTTP 404"),
    ])
    func mapFails(fault: Fault, message: String) async throws {
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["amedas": ["map": FaultRule(fault)]])) { server in
            let results = await observations(client(server, cache: nil), ["130010", "140010"])
            #expect(results.map(\.error?.description) == [message, message])
            #expect(server.stats().requestsBySource["amedas"] == ["latest_time": 1, "map": 1])
        }
    }
}

/// The cache's rules for the observations' two files.
@Suite("AMeDAS observations: the cache")
struct ObservationCacheTests {
    @Test("latest_time.txt is fresh until 17 min after the time it names, or a minute after its fetch if later")
    func latestFreshness() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let time = japanTime(2025, 6, 28, 18)
        let clock = CacheTests.Clock(time + 7 * 60)
        let shelf = ForecastCache.Shelf(folder: "amedas", freshness: .observations(due: 17 * 60, recheck: 60))
        let cache = ForecastCache(directory: dir, now: clock.now).on(shelf)
        cache.write(host: "h", key: "latest_time", body: Data("2025-06-28T18:00:00+09:00".utf8))
        clock.advance(10 * 60 - 1)  // T + 17 min - 1 s
        #expect(cache.read(host: "h", key: "latest_time") != nil)
        clock.advance(1)
        #expect(cache.read(host: "h", key: "latest_time") == nil)
        cache.write(host: "h", key: "latest_time", body: Data("2025-06-28T18:00:00+09:00".utf8))  // asked again: still T
        clock.advance(59)
        #expect(cache.read(host: "h", key: "latest_time") != nil)
        clock.advance(1)
        #expect(cache.read(host: "h", key: "latest_time") == nil)
        // A body that names no time is fresh for the minute alone.
        cache.write(host: "h", key: "latest_time", body: Data("soon".utf8))
        #expect(cache.read(host: "h", key: "latest_time") != nil)
        clock.advance(60)
        #expect(cache.read(host: "h", key: "latest_time") == nil)
    }

    @Test("A one-entry folder keeps the newest map file only; an old entry's lock file stays a day, for a holder")
    func keepsOne() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shelf = ForecastCache.Shelf(folder: "amedas/map", freshness: .seconds(864_000), keepsOne: true)
        let cache = ForecastCache(directory: dir).on(shelf)
        cache.write(host: "h", key: "20250628180000", body: Data("{}".utf8))
        let lock = try #require(cache.lock(host: "h", key: "20250628180000"))
        lock.release()
        cache.write(host: "h", key: "20250628181000", body: Data("{}".utf8))
        let folder = dir + "/amedas/map/h"
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["20250628181000.json", "20250628180000.json.lock"])
        #expect(cache.read(host: "h", key: "20250628181000") != nil)
        // A day later the old lock file goes too.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_500)], ofItemAtPath: folder + "/20250628180000.json.lock")
        cache.write(host: "h", key: "20250628182000", body: Data("{}".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["20250628182000.json"])
    }
}
