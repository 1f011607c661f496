import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Retrying transient failures")
struct RetryTests {
    private let quickRetry = RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(20), maxDelay: .milliseconds(50))

    @Test("503 twice, then 200: success on the third attempt, and the server counted three")
    func succeedsOnThirdAttempt() async throws {
        let faults = ["130010": FaultRule(.status(503), firstAttempts: 2)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.status == 200)
            #expect(response.attempts == 3)
            #expect(response.body == (try fixture("130010.json")))
            #expect(mock.stats().requestsByCity["130010"] == 3)
        }
    }

    @Test("When retries run out, the last status is reported with the attempt count")
    func givesUp() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503))])) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let error = await failure(of: session.request(mock.forecastURL("130010")))
            let statusError = try #require(error as? StatusCodeError)
            #expect(statusError.status == 503)
            #expect(statusError.attempts == 3)
            #expect(statusError.description == "HTTP 503 after 3 attempts")
            #expect(mock.stats().requestsByCity["130010"] == 3)
        }
    }

    @Test("A status that is not transient is not retried")
    func notRetried() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(404))])) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let error = await failure(of: session.request(mock.forecastURL("130010")))
            #expect((error as? StatusCodeError)?.attempts == 1)
            #expect(mock.stats().requestsByCity["130010"] == 1)
        }
    }

    @Test("A reset connection is retried and then succeeds")
    func resetRetried() async throws {
        let faults = ["130010": FaultRule(.reset, firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.attempts == 2)
        }
    }

    @Test("A POST is not retried")
    func postNotRetried() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(503))])) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let error = await failure(of: session.request(mock.forecastURL("130010"), method: .post, body: Data()))
            #expect((error as? StatusCodeError)?.attempts == 1)
        }
    }

    @Test("libcurl reads Retry-After: 1 as one second, and the retry reaches the server no sooner")
    func retryAfter() async throws {
        let faults = ["130010": FaultRule(.status(503, retryAfter: "1"), firstAttempts: 2)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            // Given retries off, the 503 carries the value libcurl read
            let refused = await session.request(mock.forecastURL("130010"), options: testOptions()).validate().responseAsync()
            #expect(refused.response?.status == 503)
            #expect(refused.response?.retryAfter == .seconds(1))

            // With retries, the second attempt is answered
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.attempts == 2)
            #expect(response.retryAfter == nil)
            let starts = mock.stats().requestStartTimes
            try #require(starts.count == 3)
            // The server got the retry at least a second after it sent the 503 (which it did
            // after counting the first); the backoff alone would have been 10-20 ms. Only a
            // lower bound: a busy machine can make the gap longer, never shorter.
            let gap = seconds(starts[1], starts[2])
            #expect(gap >= 1.0, "gap \(gap) s")
        }
    }

    @Test("libcurl reads Retry-After as an HTTP date into the time until it")
    func retryAfterDate() async throws {
        // An hour ahead, in whole seconds, as an HTTP date (IMF-fixdate, GMT): far enough that a
        // slow machine still reads almost all of it.
        let target = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let faults = ["130010": FaultRule(.status(503, retryAfter: formatter.string(from: target)))]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let refused = await session.request(mock.forecastURL("130010")).validate().responseAsync()
            let retryAfter = try #require(refused.response?.retryAfter)
            // An hour ahead, less what the test took to get there (minutes, in a sanitized build
            // running the whole suite).
            #expect(retryAfter > .seconds(3000) && retryAfter <= .seconds(3600), "read \(retryAfter)")
        }
    }

    @Test("A body cut short is retried by default, and then succeeds")
    func partialBodyRetried() async throws {
        let faults = ["130010": FaultRule(.truncated, firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.attempts == 2)
            #expect(response.body == (try fixture("130010.json")))
            #expect(mock.stats().requestsByCity["130010"] == 2)
        }
    }

    @Test("A body cut short every time fails after the retries, and says how many attempts it took")
    func partialBodyGivesUp() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.truncated)])) { mock in
            var policy = RetryPolicy()
            policy.baseDelay = .milliseconds(10)
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: policy)))
            let error = try #require(await failure(of: session.request(mock.forecastURL("130010"))) as? CurlError)
            #expect(error.kind == .partialBody)
            #expect(error.attempts == 3)
            #expect(error.description.hasPrefix("the response was cut short ("))
            #expect(error.description.hasSuffix(") after 3 attempts"), "\(error)")
            #expect(mock.stats().requestsByCity["130010"] == 3)
        }
    }

    @Test("A custom response check can ask for a retry of a 200")
    func retryableResponse() async throws {
        let faults = ["130010": FaultRule(.apiError("Request to JMA API failed (HTTP Error 503)"), firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            var policy = quickRetry
            policy.retryableResponse = { String(decoding: $0.body, as: UTF8.self).contains("Request to JMA API failed") }
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: policy)))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.attempts == 2)
            #expect(response.body == (try fixture("130010.json")))
        }
    }

    @Test("The public backoff draws its own jitter within 50 to 100 % of the wait; Retry-After is capped")
    func backoffShape() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(350), maxRetryAfter: .seconds(5))
        for _ in 0..<50 {
            let first = policy.delay(after: 1, retryAfter: nil)
            let fourth = policy.delay(after: 4, retryAfter: nil)
            #expect(first >= .milliseconds(50) && first <= .milliseconds(100))
            #expect(fourth >= .milliseconds(175) && fourth <= .milliseconds(350))
        }
        #expect(policy.delay(after: 1, retryAfter: .seconds(2)) == .seconds(2))
        #expect(policy.delay(after: 1, retryAfter: .seconds(3600)) == .seconds(5))
    }
}
