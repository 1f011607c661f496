import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Retrying transient failures", .serialized)
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

    @Test("Retry-After: 1 delays the retry by about one second")
    func retryAfter() async throws {
        let faults = ["130010": FaultRule(.status(503, retryAfter: "1"), firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.attempts == 2)
            let starts = mock.stats().requestStartTimes
            try #require(starts.count == 2)
            let gap = seconds(starts[0], starts[1])
            #expect(gap >= 0.95 && gap < 1.6, "gap \(gap) s")
        }
    }

    @Test("Retry-After as an HTTP date delays the retry until that time")
    func retryAfterDate() async throws {
        // Two seconds ahead in whole seconds, as an HTTP date (IMF-fixdate, GMT).
        let target = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 2).rounded(.down))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let faults = ["130010": FaultRule(.status(503, retryAfter: formatter.string(from: target)), firstAttempts: 1)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(retry: quickRetry)))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.attempts == 2)
            let starts = mock.stats().requestStartTimes
            try #require(starts.count == 2)
            let gap = seconds(starts[0], starts[1])
            // The date has whole seconds, so the wait is between 1 and 2 s, never the 20–50 ms backoff.
            #expect(gap >= 0.9 && gap < 2.6, "gap \(gap) s")
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

    @Test("Backoff doubles, stays within jitter bounds, and caps; Retry-After is capped")
    func backoffShape() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(350), maxRetryAfter: .seconds(5))
        for _ in 0..<50 {
            let first = policy.delay(after: 1, retryAfter: nil)
            let second = policy.delay(after: 2, retryAfter: nil)
            let fourth = policy.delay(after: 4, retryAfter: nil)
            #expect(first >= .milliseconds(50) && first <= .milliseconds(100))
            #expect(second >= .milliseconds(100) && second <= .milliseconds(200))
            #expect(fourth >= .milliseconds(175) && fourth <= .milliseconds(350))
        }
        #expect(policy.delay(after: 1, retryAfter: .seconds(2)) == .seconds(2))
        #expect(policy.delay(after: 1, retryAfter: .seconds(3600)) == .seconds(5))
    }
}
