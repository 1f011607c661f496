import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Pacing request starts per host", .serialized)
struct PacingTests {
    @Test("A 0.2 s interval spaces request starts at the server by at least 0.2 s")
    func spacing() async throws {
        try await MockServer.withServer { mock in
            let pacing = Pacing(intervals: ["127.0.0.1": .milliseconds(200)])
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(), pacing: pacing))
            // A first request opens the connection, so that no start below pays for connecting
            // and arrives later than its turn.
            _ = try await session.request(mock.forecastURL("270000")).validate().data()
            // All five are handed over at once; the session must space them.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for city in ["130010", "140010", "090010", "330010", "400040"] {
                    group.addTask { _ = try await session.request(mock.forecastURL(city)).validate().data() }
                }
                try await group.waitForAll()
            }
            let starts = mock.stats().requestStartTimes.dropFirst()
            try #require(starts.count == 5)
            let gaps = zip(starts, starts.dropFirst()).map { seconds($0, $1) }
            let span = seconds(starts.first!, starts.last!)
            // The session spaces its hand-overs to libcurl by 0.2 s; at the server each gap may
            // look a little shorter when one request reaches it faster than the one before.
            #expect(gaps.allSatisfy { $0 >= 0.18 }, "gaps \(gaps)")
            #expect(span >= 0.78, "span \(span) s, gaps \(gaps)")
            // Unpaced, the five arrive within milliseconds; paced too long, the span grows.
            #expect(span < 1.5, "span \(span) s, gaps \(gaps)")
        }
    }

    @Test("Another host is not paced")
    func otherHostNotPaced() async throws {
        try await MockServer.withServer { mock in
            let pacing = Pacing(intervals: ["weather.tsukumijima.net": .milliseconds(500)])
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(), pacing: pacing))
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask { _ = try await session.request(mock.forecastURL("130010")).validate().data() }
                }
                try await group.waitForAll()
            }
            // Paced by mistake at 0.5 s, five starts would take at least 4 × 0.5 = 2 s;
            // unpaced they take milliseconds, and 1.5 s leaves room for a loaded machine.
            #expect(seconds(started, .now) < 1.5)
        }
    }

    @Test("Interval lookup falls back to the default and ignores case")
    func lookup() {
        let pacing = Pacing(defaultInterval: .milliseconds(10), intervals: ["weather.tsukumijima.net": .milliseconds(500)])
        #expect(pacing.interval(forHost: "Weather.Tsukumijima.NET") == .milliseconds(500))
        #expect(pacing.interval(forHost: "127.0.0.1") == .milliseconds(10))
    }
}
