import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

/// That a session paces on its configuration; the timing itself is the scheduler's, tested on a
/// manual clock (SchedulerPacingTests). These check what happened, not how long it took.
@Suite("Pacing request starts per host")
struct PacingTests {
    @Test("A host's interval holds its next request back: with an hour's interval, the second request never reaches the server")
    func holdsBack() async throws {
        try await MockServer.withServer { mock in
            let pacing = Pacing(intervals: ["127.0.0.1": .seconds(3600)])
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(), pacing: pacing))
            _ = try await session.request(mock.forecastURL("130010")).validate().data()

            // A deadline ends the wait, so the test sees where the request was held
            var options = testOptions()
            options.deadline = .now + .milliseconds(300)
            let error = await failure(of: session.request(mock.forecastURL("140010"), options: options))

            let curlError = try #require(error as? CurlError)
            #expect(curlError.kind == .deadlineExceeded)
            #expect(curlError.attempts == 0, "it never started")
            #expect(mock.stats().requestsServed == 1)
        }
    }

    @Test("Another host is not paced: five requests to it all start while one host has an hour's interval")
    func otherHostNotPaced() async throws {
        try await MockServer.withServer { mock in
            let pacing = Pacing(intervals: ["weather.tsukumijima.net": .seconds(3600)])
            var options = testOptions()
            // Far beyond what five loopback requests take, even under a sanitizer on a busy
            // machine: paced by mistake, four would wait an hour and fail
            options.deadline = .now + .seconds(300)
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options, pacing: pacing))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask { _ = try await session.request(mock.forecastURL("130010")).validate().data() }
                }
                try await group.waitForAll()
            }
            #expect(mock.stats().requestsServed == 5)
        }
    }

    @Test("Interval lookup falls back to the default and ignores case")
    func lookup() {
        let pacing = Pacing(defaultInterval: .milliseconds(10), intervals: ["weather.tsukumijima.net": .milliseconds(500)])
        #expect(pacing.interval(forHost: "Weather.Tsukumijima.NET") == .milliseconds(500))
        #expect(pacing.interval(forHost: "127.0.0.1") == .milliseconds(10))
    }
}
