import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("A ConcurrencyLimit shared by many requests", .serialized)
struct ConcurrencyLimitTests {
    @Test("Twenty requests under a limit of 4: all succeed, and the server never sees more than 4 at once")
    func capsInFlight() async throws {
        try await MockServer.withServer(MockConfiguration(latency: .milliseconds(100))) { mock in
            let session = try Session()
            var options = testOptions()
            options.limit = ConcurrencyLimit(maxInFlight: 4)
            let ids = (0..<20).map { String(format: "%06d", 130010 + $0) }

            // Given all twenty handed to the session at once
            let requests = ids.map { session.request(mock.forecastURL($0), options: options) }
            var statuses: [Int] = []
            for request in requests {
                statuses.append(try await request.response().status)
            }

            // Then all were answered, at most four at a time
            #expect(statuses == Array(repeating: 200, count: 20))
            let stats = mock.stats()
            #expect(stats.requestsServed == 20)
            #expect(stats.maxInFlight == 4, "the server saw \(stats.maxInFlight) at once")
        }
    }

    @Test("Requests without the limit are not held back by it")
    func othersNotHeldBack() async throws {
        try await MockServer.withServer(MockConfiguration(latencyByCity: ["130010": .seconds(1)])) { mock in
            let session = try Session()
            var limited = testOptions()
            limited.limit = ConcurrencyLimit(maxInFlight: 1)

            // Given the limit's one turn taken by a slow request, and a second one waiting
            let slow = session.request(mock.forecastURL("130010"), options: limited)
            let waiting = session.request(mock.forecastURL("140010"), options: limited)
            // When a request without the limit is made
            let started = ContinuousClock.now
            _ = try await session.request(mock.forecastURL("330010"), options: testOptions()).response()

            // Then it is answered long before the slow one ends
            #expect(seconds(started, .now) < 0.8)
            #expect(!waiting.isFinished, "the limited request waits for the slow one")
            _ = try await slow.response()
            _ = try await waiting.response()
        }
    }

    @Test("A request cancelled while waiting for its turn never reaches the server; the turn passes on")
    func cancelWhileWaiting() async throws {
        try await MockServer.withServer(MockConfiguration(latencyByCity: ["130010": .milliseconds(500)])) { mock in
            let session = try Session()
            var options = testOptions()
            options.limit = ConcurrencyLimit(maxInFlight: 1)

            let first = session.request(mock.forecastURL("130010"), options: options)
            let cancelled = session.request(mock.forecastURL("140010"), options: options)
            let third = session.request(mock.forecastURL("330010"), options: options)
            cancelled.cancel()

            _ = try await first.response()
            _ = try await third.response()
            await #expect(throws: CancellationError.self) { try await cancelled.response() }
            let stats = mock.stats()
            #expect(stats.requestsByCity["140010"] == nil)
            #expect(stats.requestsByCity["330010"] == 1)
            #expect(stats.maxInFlight == 1)
        }
    }

    @Test("A retry waiting out its backoff gives its turn to the next request")
    func retryGivesTurnBack() async throws {
        let faults = ["130010": FaultRule(.status(503, retryAfter: "1"), firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session()
            var options = testOptions(retry: RetryPolicy(maxRetries: 1))
            options.limit = ConcurrencyLimit(maxInFlight: 1)

            // Given the first request answered 503 with Retry-After: 1
            let retried = session.request(mock.forecastURL("130010"), options: options)
            let next = session.request(mock.forecastURL("140010"), options: options)
            // Then the second is answered while the first waits out its second
            _ = try await next.response()
            #expect(!retried.isFinished, "the retry is still waiting out Retry-After")
            let response = try await retried.response()
            #expect(response.attempts == 2)
        }
    }
}
