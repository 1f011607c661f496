import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

/// Each fault the mock can inject, and the specific error it must produce.
@Suite("Faults give specific errors")
struct FaultTests {
    /// Requests `city` from a mock that applies `fault` to it, with no retries.
    private func error(
        for fault: Fault, options: RequestOptions = testOptions()
    ) async throws -> (any Error)? {
        try await timedError(for: fault, options: options).error
    }

    /// The error, and how long the request alone took.
    private func timedError(
        for fault: Fault, options: RequestOptions = testOptions()
    ) async throws -> (error: (any Error)?, seconds: Double) {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(fault)])) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let started = ContinuousClock.now
            let error = await failure(of: session.request(mock.forecastURL("130010")))
            return (error, seconds(started, .now))
        }
    }

    @Test("An HTTP status fails validation with that status")
    func status() async throws {
        let error = try await error(for: .status(500))
        #expect((error as? StatusCodeError)?.status == 500)
        #expect("\(error!)" == "HTTP 500")
    }

    @Test("The API's error body arrives as a 200 whose body carries the message")
    func apiError() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.apiError("Request to JMA API failed (HTTP Error 503)"))])) { mock in
            let session = try Session()
            let text = try await session.request(mock.forecastURL("130010")).validate().string()
            #expect(text.contains("\"error\""))
            #expect(text.contains("Request to JMA API failed (HTTP Error 503)"))
        }
    }

    @Test("An HTML page arrives with status 200 and a text/html type")
    func html() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.html)])) { mock in
            let session = try Session()
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.headers["content-type"]?.hasPrefix("text/html") == true)
        }
    }

    @Test("A body shorter than its Content-Length is a partial body")
    func truncated() async throws {
        let error = try await error(for: .truncated)
        #expect((error as? CurlError)?.kind == .partialBody)
        #expect((error as? CurlError)?.code == .partialFile)
    }

    @Test("A reset connection is reported as reset")
    func reset() async throws {
        let error = try await error(for: .reset)
        #expect((error as? CurlError)?.kind == .connectionReset, "got \(String(describing: error))")
    }

    @Test("A stalled server times out, no sooner than its timeout, and says which timeout it was")
    func stall() async throws {
        let (error, elapsed) = try await timedError(for: .stall, options: testOptions(timeout: .seconds(1)))
        let curlError = try #require(error as? CurlError)
        #expect(curlError.kind == .timedOut)
        #expect(curlError.description == "timed out after 1 s")
        // A lower bound only: a busy machine can make it later, never sooner
        #expect(elapsed >= 0.99, "took \(elapsed) s")
    }

    @Test("A stall on a reused keep-alive connection reports the total timeout, not the connect timeout")
    func stallOnReusedConnection() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            // Given one session whose connect timeout is shorter than its total timeout
            let options = RequestOptions(timeout: .seconds(1), connectTimeout: .milliseconds(500), retry: .none)
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            // The first has the suite's timeouts: on a busy machine it may take longer than 1 s.
            let first = try await session.request(mock.forecastURL("140010"), options: testOptions()).validate().response()
            #expect(first.status == 200)

            // When a second request reuses the connection and the server never answers it
            let error = await failure(of: session.request(mock.forecastURL("130010")))

            // Then the total timeout is the one reported
            #expect(mock.stats().connectionsAccepted == 1, "the second request must reuse the connection")
            let curlError = try #require(error as? CurlError)
            #expect(curlError.kind == .timedOut)
            #expect(curlError.timeout == .seconds(1))
            #expect(curlError.description == "timed out after 1 s")
        }
    }

    @Test("A body announced larger than the cap is refused")
    func oversizeAnnounced() async throws {
        let error = try await error(for: .oversize(bytes: 200_000), options: testOptions(maxBodySize: 100_000))
        let curlError = try #require(error as? CurlError)
        #expect(curlError.kind == .bodyTooLarge)
        #expect(curlError.description == "the response is larger than the 100000-byte limit")
        #expect(curlError.maxBodySize == 100_000)
        #expect(curlError.timeout == nil && curlError.maxRedirects == nil)
    }

    @Test("An endless chunked body is cut at the cap while it arrives")
    func endless() async throws {
        let error = try await error(for: .endless, options: testOptions(maxBodySize: 1 << 20))
        #expect((error as? CurlError)?.kind == .bodyTooLarge, "got \(String(describing: error))")
    }

    @Test("A redirect loop stops after five redirects")
    func redirectLoop() async throws {
        let error = try await error(for: .redirectLoop)
        let curlError = try #require(error as? CurlError)
        #expect(curlError.kind == .tooManyRedirects)
        #expect(curlError.description == "too many redirects (more than 5)")
        #expect(curlError.maxRedirects == 5)
        #expect(curlError.maxBodySize == nil)
    }

    @Test("A redirect to file:// is refused")
    func redirectToFile() async throws {
        let error = try await error(for: .redirectToFile)
        #expect((error as? CurlError)?.kind == .protocolNotAllowed, "got \(String(describing: error))")
    }

    @Test("A URL that is not http or https is refused before any connection")
    func fileURL() async throws {
        let session = try Session()
        let error = await failure(of: session.request("file:///etc/passwd"))
        #expect((error as? CurlError)?.kind == .protocolNotAllowed)
    }

    @Test("A closed port is a refused connection, tried once though the policy retries connect failures, and its message names the address once")
    func connectionRefused() async throws {
        var options = testOptions()
        options.retry = RetryPolicy(maxRetries: 2)
        let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
        let error = try #require(await failure(of: session.request("http://127.0.0.1:1/")) as? CurlError)
        #expect(error.kind == .connectionRefused && error.attempts == 1)
        #expect(error.description == "the connection was refused: nothing listens at 127.0.0.1:1")
    }

    @Test("An unknown host is a resolution failure")
    func unknownHost() async throws {
        let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
        let error = await failure(of: session.request("http://no-such-host.invalid/"))
        #expect((error as? CurlError)?.kind == .couldNotResolveHost)
    }
}
