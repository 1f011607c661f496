import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

/// `RequestOptions.deadline` through a real session: what happened to each request, not how
/// long it took. The moments themselves are the scheduler's (SchedulerDeadlineTests).
@Suite("Deadlines")
struct DeadlineTests {
    /// Options whose attempts never time out while a test runs: only the deadline ends them.
    private func options(deadlineIn: Duration, retry: RetryPolicy = .none) -> RequestOptions {
        var options = testOptions(timeout: .seconds(3600), retry: retry)
        options.deadline = .now + deadlineIn
        return options
    }

    @Test("A request running at its deadline is stopped, fails with deadlineExceeded, and its connection is closed")
    func whileRunning() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let session = try Session()
            // Two seconds for a loopback request to reach the server, which then never answers
            let request = session.request(mock.forecastURL("130010"), options: options(deadlineIn: .seconds(2)))
            let error = try #require(await failure(of: request) as? CurlError)

            #expect(error.kind == .deadlineExceeded)
            #expect(error.attempts == 1)
            #expect(error.description == "the deadline passed")
            #expect(mock.stats().requestsServed == 1)
            #expect(await eventually { mock.stats().connectionsClosed == 1 })
        }
    }

    @Test("A request made after its deadline fails at once and never reaches the server")
    func madeTooLate() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let error = try #require(await failure(of: session.request(
                mock.forecastURL("130010"), options: options(deadlineIn: .seconds(-1)))) as? CurlError)

            #expect(error.kind == .deadlineExceeded)
            #expect(error.attempts == 0)
            #expect(error.url == mock.forecastURL("130010"))
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test("A request waiting for its turn fails at its deadline without reaching the server")
    func whileWaitingForTurn() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let session = try Session()
            let limit = ConcurrencyLimit(maxInFlight: 1)
            var holding = options(deadlineIn: .seconds(3600))
            holding.limit = limit
            var waiting = options(deadlineIn: .milliseconds(300))
            waiting.limit = limit

            let stalled = session.request(mock.forecastURL("130010"), options: holding).resume()
            let error = try #require(await failure(of: session.request(mock.forecastURL("140010"), options: waiting)) as? CurlError)

            #expect(error.kind == .deadlineExceeded)
            #expect(error.attempts == 0)
            #expect(mock.stats().requestsByCity["140010"] == nil)
            #expect(!stalled.isFinished, "the deadline of one request ends no other")
            stalled.cancel()
        }
    }

    @Test("A request waiting to retry fails at its deadline, not after its Retry-After, and counts the attempt it made")
    func whileWaitingToRetry() async throws {
        let faults = ["130010": FaultRule(.status(503, retryAfter: "3600"))]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session()
            let retry = RetryPolicy(maxRetries: 2, maxRetryAfter: .seconds(3600))
            let request = session.request(mock.forecastURL("130010"), options: options(deadlineIn: .seconds(2), retry: retry))
            let error = try #require(await failure(of: request) as? CurlError)

            #expect(error.kind == .deadlineExceeded)
            #expect(error.attempts == 1)
            #expect(mock.stats().requestsByCity["130010"] == 1)
        }
    }

    @Test("Every async form throws the deadline's error")
    func asyncForms() async throws {
        let session = try Session()
        let options = options(deadlineIn: .seconds(-1))
        await #expect(throws: CurlError.deadlineExceeded(attempts: 0)) {
            try await session.request("http://127.0.0.1:1/", options: options).data()
        }
    }
}

extension CurlError {
    /// The error a deadline gives, as the tests compare it.
    static func deadlineExceeded(attempts: Int) -> CurlError {
        CurlError(kind: .deadlineExceeded, message: "the deadline passed", url: "http://127.0.0.1:1/", attempts: attempts)
    }
}
