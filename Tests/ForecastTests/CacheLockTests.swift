import CurlHTTP
@testable import Forecast
import Foundation
import Testing
import TestSupport

/// The lock beside a cache entry, and the cache layer's claim on a key: one fetch of a key at
/// a time among the processes (here: the open files) sharing a cache folder.
@Suite("The cache's lock")
struct CacheLockTests {
    let host = "h"
    let body: Data

    init() throws {
        body = try fixture("130010.json")
    }

    private func layer(_ cache: ForecastCache?) -> CacheLayer {
        CacheLayer(cache: cache, host: host, staleIfError: nil, decode: { body, _ throws(ForecastError) in try ResponseDecoder.decode(body) })
    }

    /// The lock held by a turn to fetch; nil for a cached value or a fetch without a lock.
    private func heldLock(_ claim: CacheLayer.Claim) -> CacheLock? {
        if case .turn(.fetch(let lock)) = claim { return lock }
        return nil
    }

    private func isCached(_ turn: CacheLayer.Turn) -> Bool {
        if case .cached = turn { return true }
        return false
    }

    /// Whether a wait for the key's lock has found it busy and paused, within the suite's
    /// bound: the holder releases only then, so that the waiter has really waited (a sleep
    /// instead could end before the waiter had even tried, and the test pass without a wait).
    private func isWaiting(_ waiting: CacheLayer.Waiting) async -> Bool {
        await eventually { waiting.lock.busyPauses > 0 }
    }

    @Test("Two opens of one lock file contend, even in one process; closing the holder frees it")
    func twoOpensContend() throws {
        try withTemporaryFolderSync { folder in
            let path = folder.path("130010.json.lock")
            let first = try #require(CacheLock(path: path))
            let second = try #require(CacheLock(path: path))
            #expect(first.tryLock() == .locked)
            #expect(second.tryLock() == .busy, "flock's lock belongs to the open file, not the process")
            #expect(first.tryLock() == .locked, "the holder may ask again")
            first.release()
            #expect(second.tryLock() == .locked)
            #expect(first.tryLock() == .unavailable, "a released lock file is closed")
        }
    }

    @Test("A holder that dies without a word leaves the lock free")
    func deadHolder() async throws {
        try await withTemporaryFolder { folder in
            let path = folder.path("130010.json.lock")
            let marker = folder.path("held")
            // A shell that locks the file on its descriptor 9, says so, and becomes `sleep`,
            // which keeps the descriptor and so the lock.
            let holder = try ChildProcess(
                "/bin/sh", ["-c", "exec 9<>\"$1\"; flock -x 9 && touch \"$2\" && exec sleep 600", "sh", path, marker],
                environment: ProcessInfo.processInfo.environment)
            defer { holder.send(SIGKILL); _ = try? holder.wait() }
            try #require(await eventually { FileManager.default.fileExists(atPath: marker) }, "the holder never took the lock")
            let probe = try #require(CacheLock(path: path))
            #expect(probe.tryLock() == .busy)

            holder.send(SIGKILL)
            _ = try holder.wait()

            #expect(probe.tryLock() == .locked, "the dead holder's lock went with it")
        }
    }

    @Test("A cache hit reads the entry and opens no lock file")
    func hitTakesNoLock() throws {
        try withTemporaryFolderSync { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            cache.write(host: host, key: "130010", body: body)
            guard case .turn(.cached(let hit)) = layer(cache).claim("130010") else {
                Issue.record("a fresh entry is not a hit")
                return
            }
            #expect(hit.info.source == .cache)
            #expect(!FileManager.default.fileExists(atPath: cache.path(host: host, key: "130010") + ".lock"))
        }
    }

    @Test("A miss holds the entry's lock until its answer is stored, then a waiter reads that answer")
    func waiterReadsTheHoldersCopy() async throws {
        try await withTemporaryFolder { folder in
            let now = CacheTests.Clock(CacheTests.justAfterRelease).now
            let first = layer(ForecastCache(directory: folder.path, now: now))
            let second = layer(ForecastCache(directory: folder.path, now: now))
            let lock = try #require(heldLock(first.claim("130010")), "a miss fetches, holding the lock")
            guard case .busy(let waiting) = second.claim("130010") else {
                Issue.record("a second claim while the first holds the lock must wait")
                return
            }
            // A limit far beyond the test's time: the waiter is woken by the release. (Loose
            // bounds: the suite runs in parallel on two shared cores.)
            let started = ContinuousClock.now
            async let turn = second.wait(waiting, until: .now + .seconds(600), clock: SystemRunClock())
            try #require(await isWaiting(waiting), "the second claim never waited")
            _ = first.settle("130010", body: .success(body), info: FetchInfo(source: .network), releasing: lock)
            let waited = await turn
            #expect(isCached(waited), "the waiter reads the holder's copy instead of fetching")
            #expect(ContinuousClock.now - started < .seconds(120), "the waiter follows the release")
            #expect(CacheLock(path: folder.path("\(host)/130010.json.lock"))?.tryLock() == .locked, "nobody holds it after")
        }
    }

    @Test("A waiter whose holder failed gets the lock and fetches")
    func holderFailed() async throws {
        try await withTemporaryFolder { folder in
            let now = CacheTests.Clock(CacheTests.justAfterRelease).now
            let first = layer(ForecastCache(directory: folder.path, now: now))
            let second = layer(ForecastCache(directory: folder.path, now: now))
            let lock = try #require(heldLock(first.claim("130010")))
            guard case .busy(let waiting) = second.claim("130010") else {
                Issue.record("the second claim must wait")
                return
            }
            async let turn = second.wait(waiting, until: .now + .seconds(600), clock: SystemRunClock())
            try #require(await isWaiting(waiting), "the second claim never waited")
            _ = first.settle("130010", body: .failure(.http(status: 503, attempts: 1)), info: FetchInfo(source: .network), releasing: lock)
            guard case .fetch(let held?) = await turn else {
                Issue.record("the waiter fetches, holding the lock")
                return
            }
            #expect(CacheLock(path: folder.path("\(host)/130010.json.lock"))?.tryLock() == .busy)
            held.release()
        }
    }

    @Test("The wait ends at its limit, and the fetch goes ahead without the lock")
    func boundedWait() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            let holder = try #require(heldLock(layer(cache).claim("130010")))
            defer { holder.release() }
            guard case .busy(let waiting) = layer(cache).claim("130010") else {
                Issue.record("the second claim must wait")
                return
            }
            // The wait's pauses sleep on a clock the test moves, to each instant they wait for.
            let clock = TestRunClock()
            let limit = clock.start + .milliseconds(200)
            let layer = layer(cache)
            let (turn, _) = await clock.drive(Task { await layer.wait(waiting, until: limit, clock: clock) })
            let waited = clock.now - clock.start
            guard case .fetch(nil) = turn else {
                Issue.record("past the limit: a fetch without the lock")
                return
            }
            #expect(waited >= .milliseconds(200))
            #expect(waited < .seconds(120), "waited \(waited)")
        }
    }

    @Test("A cancelled wait ends at once")
    func cancelledWait() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            let holder = try #require(heldLock(layer(cache).claim("130010")))
            defer { holder.release() }
            guard case .busy(let waiting) = layer(cache).claim("130010") else {
                Issue.record("the second claim must wait")
                return
            }
            let layer = layer(cache)
            let task = Task { await layer.wait(waiting, until: .now + .seconds(600), clock: SystemRunClock()) }
            defer { task.cancel() }
            try #require(await isWaiting(waiting), "the wait never began")
            let cancelled = ContinuousClock.now
            task.cancel()
            guard case .fetch(nil) = await task.value else {
                Issue.record("a cancelled wait ends without the lock")
                return
            }
            #expect(ContinuousClock.now - cancelled < .seconds(120), "woken by the cancellation, not the limit")
        }
    }

    @Test("--refresh takes the lock: it fetches past a fresh entry, and takes the copy of a holder it waited for")
    func refresh() async throws {
        try await withTemporaryFolder { folder in
            let clock = CacheTests.Clock(CacheTests.justAfterRelease)
            let normal = layer(ForecastCache(directory: folder.path, now: clock.now))
            let refresh = layer(ForecastCache(directory: folder.path, mode: .refresh, now: clock.now))

            // Given nothing cached and another holder: the refresh waits, then takes its copy.
            let lock = try #require(heldLock(normal.claim("130010")))
            guard case .busy(let waiting) = refresh.claim("130010") else {
                Issue.record("a refresh waits for the holder")
                return
            }
            async let turn = refresh.wait(waiting, until: .now + .seconds(600), clock: SystemRunClock())
            try #require(await isWaiting(waiting), "the refresh never waited")
            _ = normal.settle("130010", body: .success(body), info: FetchInfo(source: .network), releasing: lock)
            #expect(isCached(await turn), "fetched while the refresh waited: as new as its own would be")

            // Given that fresh copy and nobody fetching: the refresh fetches, holding the lock,
            // and a normal claim is still a hit meanwhile.
            clock.advance(60)
            let refreshing = try #require(heldLock(refresh.claim("130010")), "a refresh does not read a copy from before it asked")
            guard case .turn(.cached) = normal.claim("130010") else {
                Issue.record("a fresh entry is a hit, whoever is refreshing it")
                return
            }
            refreshing.release()
        }
    }

    @Test("The same key twice in one run: the second waits for the first and reads its copy")
    func sameKeyTwiceInOneProcess() async throws {
        try await withTemporaryFolder { folder in
            let cache = ForecastCache(directory: folder.path, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            let layer = layer(cache)
            let lock = try #require(heldLock(layer.claim("130010")))
            guard case .busy(let waiting) = layer.claim("130010") else {
                Issue.record("one layer's second claim contends with its first")
                return
            }
            _ = layer.settle("130010", body: .success(body), info: FetchInfo(source: .network), releasing: lock)
            #expect(isCached(await layer.wait(waiting, until: .now + .seconds(600), clock: SystemRunClock())))
        }
    }

    @Test("A cache folder where no lock file can be made works as without locks", arguments: [false, true])
    func unlockableFolder(readOnly: Bool) async throws {
        try await withTemporaryFolder { folder in
            let directory: String
            if readOnly {
                directory = folder.path("cache")
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try #require(makeReadOnly(directory), "could not make \(directory) read-only")
            } else {
                // A file where the cache's folder would be.
                try Data().write(to: URL(fileURLWithPath: folder.path("file")))
                directory = folder.path("file/cache")
            }
            defer { if readOnly { makeWritable(directory) } }
            let cache = ForecastCache(directory: directory, now: CacheTests.Clock(CacheTests.justAfterRelease).now)
            guard case .turn(.fetch(nil)) = layer(cache).claim("130010") else {
                Issue.record("an unlockable folder fetches without a lock")
                return
            }
            let answer = layer(cache).settle("130010", body: .success(body), info: FetchInfo(source: .network), releasing: nil)
            #expect(answer.value != nil, "an unwritable cache is no error")

            // A whole fetch through a client, twice: each one a request, neither an error.
            try await withClient(cache: cache) { client, mock in
                let tokyo = CityCatalog.city(id: "130010")!
                #expect(await client.fetch(tokyo).forecast != nil)
                #expect(await client.fetch(tokyo).forecast != nil)
                #expect(mock.stats().requestsServed == 2)
            }
        }
    }

    /// Makes `directory` read-only even for root (who ignores its mode) by marking it
    /// immutable; true if no file can be made in it now.
    private func makeReadOnly(_ directory: String) -> Bool {
        chmod(directory, 0o555)
        if geteuid() == 0 {
            run("/usr/bin/chattr", ["+i", directory])
        }
        let probe = directory + "/probe"
        let fd = open(probe, O_RDONLY | O_CREAT, 0o644)
        guard fd < 0 else {
            close(fd)
            unlink(probe)
            return false
        }
        return true
    }

    private func makeWritable(_ directory: String) {
        if geteuid() == 0 {
            run("/usr/bin/chattr", ["-i", directory])
        }
        chmod(directory, 0o755)
    }

    private func run(_ tool: String, _ arguments: [String]) {
        _ = try? ChildProcess.run(tool, arguments)
    }
}

/// A temporary folder for a test that does not await.
private func withTemporaryFolderSync<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = try TemporaryFolder(prefix: "forecast-lock")
    defer { withExtendedLifetime(folder) {} }
    return try body(folder)
}
