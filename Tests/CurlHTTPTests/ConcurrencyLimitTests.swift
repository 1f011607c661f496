import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("A ConcurrencyLimit shared by many requests")
struct ConcurrencyLimitTests {
    @Test("Twenty requests under a limit of 4: all succeed, and the server never sees more than 4 at once")
    func capsInFlight() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            var options = testOptions()
            options.limit = ConcurrencyLimit(maxInFlight: 4)
            let ids = (0..<20).map { String(format: "%06d", 130010 + $0) }

            // Given all twenty handed to the session at once, and the first four held at the
            // server until all four are there
            mock.closeGate(untilHeld: 4)
            let requests = ids.map { session.request(mock.forecastURL($0), options: options).resume() }
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
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let session = try Session()
            var limited = testOptions(timeout: .seconds(3600))
            limited.limit = ConcurrencyLimit(maxInFlight: 1)

            // Given the limit's one turn held by a request the server never answers, and a
            // second one waiting for it
            let stalled = session.request(mock.forecastURL("130010"), options: limited).resume()
            let waiting = session.request(mock.forecastURL("140010"), options: limited).resume()
            try #require(await eventually { mock.stats().inFlight == 1 })
            // When a request without the limit is made
            _ = try await session.request(mock.forecastURL("330010"), options: testOptions()).validate().response()

            // Then it was answered while the limited one still waited for its turn
            #expect(!waiting.isFinished)
            #expect(mock.stats().requestsByCity["140010"] == nil)
            stalled.cancel()
            _ = try await waiting.validate().response()
        }
    }

    @Test("A request cancelled while waiting for its turn never reaches the server; the turn passes on")
    func cancelWhileWaiting() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let session = try Session()
            var options = testOptions(timeout: .seconds(3600))
            options.limit = ConcurrencyLimit(maxInFlight: 1)

            // Given the turn held by a request the server never answers
            let first = session.request(mock.forecastURL("130010"), options: options).resume()
            let cancelled = session.request(mock.forecastURL("140010"), options: options).resume()
            let third = session.request(mock.forecastURL("330010"), options: options).resume()
            try #require(await eventually { mock.stats().inFlight == 1 })
            // When the second is cancelled while it waits, and then the first ends
            cancelled.cancel()
            first.cancel()

            // Then the third gets the turn, and the second never reached the server
            _ = try await third.validate().response()
            await #expect(throws: CancellationError.self) { try await cancelled.response() }
            let stats = mock.stats()
            #expect(stats.requestsByCity["140010"] == nil)
            #expect(stats.requestsByCity["330010"] == 1)
        }
    }

    @Test("A retry waiting out its backoff gives its turn to the next request")
    func retryGivesTurnBack() async throws {
        let faults = ["130010": FaultRule(.status(503, retryAfter: "3600"), firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session()
            var options = testOptions(retry: RetryPolicy(maxRetries: 1, maxRetryAfter: .seconds(3600)))
            options.limit = ConcurrencyLimit(maxInFlight: 1)

            // Given the first request answered 503 with Retry-After: 3600
            let retried = session.request(mock.forecastURL("130010"), options: options).resume()
            let next = session.request(mock.forecastURL("140010"), options: options).resume()
            // Then the second is answered while the first waits out its hour
            _ = try await next.validate().response()
            #expect(!retried.isFinished, "the retry is still waiting out Retry-After")
            #expect(mock.stats().requestsByCity["130010"] == 1)
            retried.cancel()
        }
    }
}
