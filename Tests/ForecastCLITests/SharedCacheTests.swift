import Forecast
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MockAPI
import Testing
import TestSupport

/// Issue 23 §1: status bars, tmux and cron run `forecast` every minute on one cache folder;
/// at a release they all miss the cache at once, and one request per city and release is made.
@Suite("Processes sharing a cache folder", .serialized)
struct SharedCacheTests {
    let tokyoLine = "東京 晴のち曇 -/27°C 10%\n"
    let yokohamaLine = "横浜 晴のち曇 -/26°C 10%\n"

    /// Starts `count` processes with `arguments` at once and waits for them all.
    private func together(_ count: Int, _ arguments: [String], environment: [String: String]) async throws -> [CommandResult] {
        try await finish(start(count, arguments, environment: environment))
    }

    private func start(_ count: Int, _ arguments: [String], environment: [String: String]) throws -> [CommandProcess] {
        try (0..<count).map { _ in try CommandProcess(arguments, environment: environment) }
    }

    private func finish(_ processes: [CommandProcess]) async throws -> [CommandResult] {
        var results: [CommandResult] = []
        for process in processes {
            results.append(try await process.finish(timeout: .seconds(60)))
        }
        return results
    }

    @Test("20 processes started together for one city make one request and print the same line")
    func oneRequestForTwenty() async throws {
        try await withMock { mock, env in
            // The first request is held at the server until all 20 processes have the city's
            // lock file open, one fetching and the others waiting for it, however slowly a busy
            // machine starts them. The API alone, and a wait bound (one timeout) far above that:
            // neither the hedge nor a waiter's bound may send a second request meanwhile.
            mock.closeGate()
            let processes = try start(20, ["--source", "tsukumijima", "--timeout", "600", "-f", "line", "130010"], environment: env)
            try #require(await eventually { mock.stats().held == 1 && processes.allSatisfy { holds("/130010.json.lock", $0) } },
                         "not every process reached the lock")
            mock.openGate()
            let results = try await finish(processes)
            #expect(mock.stats().requestsByCity["130010"] == 1)
            #expect(results.map(\.status) == Array(repeating: 0, count: 20))
            #expect(results.allSatisfy { withoutOldDataMarks($0.stdout) == tokyoLine }, "\(Set(results.map(\.stdout)))")
            #expect(results.allSatisfy { $0.stderr == "" }, "\(Set(results.map(\.stderr)))")
        }
    }

    @Test("--refresh takes the lock: processes that find it taken, refreshing or not, take the copy fetched meanwhile")
    func refreshTakesTheLock() async throws {
        try await withMock(MockConfiguration(latency: .milliseconds(300))) { mock, env in
            // Given the locks of two cities held, as by a process stuck in its fetches
            let tokyoLock = try lockPath(cityID: "130010", mock: mock, env: env)
            let yokohamaLock = try lockPath(cityID: "140010", mock: mock, env: env)
            var holders: [Int32] = []
            defer { holders.forEach { close($0) } }
            for file in [tokyoLock, yokohamaLock] {
                holders.append(open(file, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644))
                try #require(holders.last! >= 0 && flock(holders.last!, LOCK_EX) == 0)
            }

            // When three --refresh and three plain processes start and all wait for them: with
            // --parallel a run claims its cities in order as it starts, so a process that has
            // 横浜's lock file open has tried 東京's lock and found it taken
            let arguments = ["--parallel", "-f", "line", "130010", "140010"]
            let processes = try start(3, ["--refresh"] + arguments, environment: env) + start(3, arguments, environment: env)
            try #require(await eventually { processes.allSatisfy { holds(yokohamaLock, $0) } },
                         "not every process claimed both cities")
            #expect(mock.stats().requestsServed == 0, "nobody fetches while the locks are held")
            holders.forEach { flock($0, LOCK_UN) }
            let results = try await finish(processes)

            // Then the first to get each lock fetched its city, and every other printed that
            // copy: each of the six found 東京's lock taken, and one that fetched anyway, at any
            // moment, would be a second request
            #expect(mock.stats().requestsByCity == ["130010": 1, "140010": 1])
            #expect(results.allSatisfy { $0.status == 0 && withoutOldDataMarks($0.stdout) == tokyoLine + yokohamaLine }, "\(results.map(\.stdout))")

            // and a --refresh with nobody fetching still fetches, past the fresh copy.
            let again = try await forecast(["--refresh", "-f", "line", "130010"], environment: env)
            #expect(withoutOldDataMarks(again.stdout) == tokyoLine)
            #expect(mock.stats().requestsByCity["130010"] == 2)
        }
    }

    @Test("A city fetched behind a stalled one is stored as it arrives: a second process gets it at once, with no second request")
    func storedBeforeItsTurn() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock, env in
            // Given `forecast -p 130010 140010` with 東京 stalled for as long as the process
            // lives (the API alone, no hedge, a 10-minute timeout), once 横浜's answer has arrived
            let first = try CommandProcess(
                ["-p", "--source", "tsukumijima", "--timeout", "600", "-f", "line", "130010", "140010"], environment: env)
            try #require(await eventually { mock.stats().requestsByCity["140010"] == 1 && mock.stats().inFlight == 1 })
            // When a second process asks for 横浜
            let second = try await forecast(["-f", "line", "140010"], environment: env)
            // Then it prints the copy while the first still waits for 東京, without a request
            // of its own (before, the lock was held until 東京's attempts ended, and the second
            // waited for the first)
            #expect(second.status == 0 && second.stdout.hasPrefix("横浜 "), "\(second.stdout)\(second.stderr)")
            #expect(first.isRunning && mock.stats().inFlight == 1, "東京 still stalled at the server")
            #expect(mock.stats().requestsByCity["140010"] == 1)
            first.interrupt()
            let firstResult = try await first.finish(timeout: .seconds(60))
            #expect(firstResult.status == 130)
        }
    }

    /// The lock file beside a city's entry in the test's cache folder, whose folder is made.
    private func lockPath(cityID: String, mock: MockServer, env: [String: String]) throws -> String {
        let host = mock.baseURL.replacingOccurrences(of: "http://", with: "").replacingOccurrences(of: ":", with: "_")
        let folder = try #require(env["FORECAST_CACHE_DIR"]) + "/" + host
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return "\(folder)/\(cityID).json.lock"
    }

    /// Whether the running process has a file open whose path ends with `file` (its lock
    /// file, so it is waiting or fetching).
    private func holds(_ file: String, _ process: CommandProcess) -> Bool {
        let fds = "/proc/\(process.child.pid)/fd"
        let open = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
        return open.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\($0)"))?.hasSuffix(file) == true }
    }

    @Test("--no-cache processes take no lock: each one fetches, and the cache folder stays empty")
    func noCacheFetchesEach() async throws {
        try await withMock(MockConfiguration(latency: .milliseconds(300))) { mock, env in
            let results = try await together(5, ["--no-cache", "-f", "line", "130010"], environment: env)
            #expect(results.allSatisfy { $0.status == 0 && withoutOldDataMarks($0.stdout) == tokyoLine })
            #expect(mock.stats().requestsByCity["130010"] == 5)
            let folder = try #require(env["FORECAST_CACHE_DIR"])
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] == [])
        }
    }

    @Test("The agency's files: processes asking for the week of two cities of one office make one request")
    func officeOnce() async throws {
        try await withMock(MockConfiguration(stampsRelease: true)) { mock, env in
            // Held at the server until all five have the office's lock file open, as above.
            mock.closeGate()
            let processes = try start(5, ["week", "--timeout", "600", "-f", "line", "130010", "130030"], environment: env)
            try #require(await eventually { mock.stats().held == 1 && processes.allSatisfy { holds("/130000.json.lock", $0) } },
                         "not every process reached the lock")
            mock.openGate()
            let results = try await finish(processes)
            #expect(mock.stats().requestsBySource["office"] == ["130000": 1])
            #expect(results.allSatisfy { $0.status == 0 })
            #expect(Set(results.map(\.stdout)).count == 1)
            #expect(results[0].stdout.split(separator: "\n").count == 2)
        }
    }
}
