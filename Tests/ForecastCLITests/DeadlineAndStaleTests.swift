import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("--max-time and --stale-if-error, end to end", .serialized)
struct DeadlineAndStaleTests {
    @Test("--max-time 10: a stalled city gives up at the deadline, the others keep their order, exit 1",
          arguments: [false, true])
    func deadline(parallel: Bool) async throws {
        try await withMock(MockConfiguration(faultsByCity: ["090010": FaultRule(.stall)])) { _, env in
            // The API alone: with the agency's file, the stalled city would be read from it (the hedge).
            // 10 s: long enough for the cities that answer, even in a process started while the
            // whole suite runs on two cores (CI once took over a second to answer the first).
            let args = (parallel ? ["-p"] : []) + ["--source", "tsukumijima", "--max-time", "10", "--timeout", "60",
                                                   "--retries", "2", "-f", "json", "130010", "090010", "140010"]
            let result = try await forecast(args, environment: env)
            let elapsed = result.ran
            #expect(result.status == 1)
            // Without the deadline the stall would take three 60 s timeouts; the bound leaves room
            // for a machine busy with the rest of the suite, and more for a sanitized build.
            #expect(elapsed < (Sanitizer.isActive ? .seconds(120) : .seconds(60)), "took \(elapsed)")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array.map { $0["id"] as? String } == ["130010", "090010", "140010"])
            #expect(array[0]["days"] != nil)
            #expect(array[1]["error"] as? String == "gave up after 10 s")
            #expect(array[1]["error_kind"] as? String == "deadline")
            if parallel {
                // Fetched at once, beside the stalled city: done before the deadline.
                #expect(array[2]["days"] != nil)
                #expect(result.stderr == "forecast: 090010 宇都宮: gave up after 10 s\n")
            } else {
                // Its turn comes after the deadline: unfinished, so it gives up too.
                #expect(array[2]["error_kind"] as? String == "deadline")
                #expect(result.stderr == "forecast: 090010 宇都宮: gave up after 10 s\nforecast: 140010 横浜: gave up after 10 s\n")
            }
        }
    }

    @Test("--max-time bounds retries and their backoff too")
    func deadlineBoundsRetries() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503, retryAfter: "300"))])) { _, env in
            let result = try await forecast(
                ["--source", "tsukumijima", "--max-time", "1.5", "--retries", "5", "-f", "json", "130010"], environment: env)
            let elapsed = result.ran
            #expect(result.status == 1)
            // Without the deadline the server's Retry-After alone would take 300 s.
            #expect(elapsed < (Sanitizer.isActive ? .seconds(120) : .seconds(60)), "took \(elapsed)")
            #expect(result.stdout.contains("\"error_kind\": \"deadline\""))
            #expect(result.stderr == "forecast: 130010 東京: gave up after 1.5 s\n")
        }
    }

    @Test("--max-time 0, a negative or a non-number is a usage error", arguments: [["0"], ["-1"], ["soon"]])
    func deadlineUsage(value: [String]) async throws {
        try await withMock { mock, env in
            let result = try await forecast(["--max-time"] + value + ["130010"], environment: env)
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(mock.stats().requestsServed == 0)
        }
    }

    /// Puts a cache entry for `cityID` fetched `age` seconds ago, as the tool writes it.
    private func plantCopy(cityID: String, age: Int, mock: MockServer, env: [String: String]) throws {
        let host = mock.baseURL.replacingOccurrences(of: "http://", with: "").replacingOccurrences(of: ":", with: "_")
        let folder = try #require(env["FORECAST_CACHE_DIR"]) + "/" + host
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var contents = Data("forecast-cache 1 \(Int(Date().timeIntervalSince1970) - age)\n".utf8)
        contents.append(try Data(contentsOf: fixturesDirectory.appendingPathComponent("\(cityID).json")))
        try contents.write(to: URL(fileURLWithPath: "\(folder)/\(cityID).json"))
    }

    @Test("--stale-if-error: a failed city prints its 3-hour-old copy, marked in every format, exit 1",
          arguments: [[], ["--refresh"]])
    func staleCopy(extra: [String]) async throws {
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503))])) { mock, env in
            try plantCopy(cityID: "130010", age: 3 * 3600 + 60, mock: mock, env: env)
            // The API alone: from the agency's file, the city would not fail (a test of its own).
            let base = extra + ["--source", "tsukumijima", "--retries", "0", "--stale-if-error", "1d", "130010", "140010"]

            let json = try await forecast(base + ["-f", "json"], environment: env)
            #expect(json.status == 1)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["stale"] as? Bool == true)
            let fetchedAt = try #require(array[0]["fetched_at"] as? String)
            #expect(fetchedAt.hasSuffix("+09:00") && fetchedAt.count == 25, "\(fetchedAt)")
            #expect(array[0]["days"] != nil)
            #expect(array[1]["fetched_at"] == nil, "the mock's old sample is marked stale, but no copy")
            let lines = json.stderr.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(json.stderr.hasPrefix("forecast: 130010 東京: HTTP 503; showing the cached copy from 3 h ago ("))

            let line = try await forecast(base + ["-f", "line"], environment: env)
            #expect(line.status == 1)
            #expect(withoutOldDataMarks(line.stdout) == "東京 晴のち曇 -/27°C 10% (stale, 3 h old)\n横浜 晴のち曇 -/26°C 10%\n")

            let table = try await forecast(base + ["-f", "table"], environment: env)
            #expect(table.stdout.contains("(stale, 3 h old: the fetch failed)"))

            let tsv = try await forecast(base + ["-f", "tsv"], environment: env)
            #expect(tsv.status == 1)
            let rows = tsv.stdout.split(separator: "\n")
            #expect(rows.count == 1 + 3 + 3)
            #expect(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 12 })
            #expect(tsv.stderr.contains("3 h ago"))
        }
    }

    @Test("Without --stale-if-error, or with a copy older than DURATION, a failed city prints no copy")
    func noStaleness() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503))])) { mock, env in
            try plantCopy(cityID: "130010", age: 3 * 3600, mock: mock, env: env)
            for args in [[], ["--stale-if-error", "2h"], ["--stale-if-error", "7200"], ["--no-cache", "--stale-if-error", "1d"]] {
                let result = try await forecast(
                    args + ["--source", "tsukumijima", "--retries", "0", "-f", "line", "130010"], environment: env)
                #expect(result.status == 1)
                #expect(result.stdout == "東京 (failed)\n", "\(args)")
                #expect(result.stderr == "forecast: 130010 東京: HTTP 503\n", "\(args)")
            }
        }
    }

    @Test("--stale-if-error takes seconds or s/m/h/d; anything else is a usage error",
          arguments: ["0", "-5", "5x", "m", "1.5.2", "1000d"])
    func staleUsage(value: String) async throws {
        try await withMock { mock, env in
            let result = try await forecast(["--stale-if-error", value, "130010"], environment: env)
            #expect(result.status == 64)
            #expect(mock.stats().requestsServed == 0)
        }
    }
}
