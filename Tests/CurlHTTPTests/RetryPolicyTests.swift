@testable import CurlHTTP
import Foundation
import Testing

@Suite("Retry policy")
struct RetryPolicyTests {
    private func response(_ status: Int) -> Response {
        Response(
            status: status, headers: HTTPHeaders(), body: Data(), url: "http://127.0.0.1/",
            httpVersion: .http1_1, metrics: Metrics(), attempts: 1)
    }

    @Test("The defaults: statuses 408, 429, 500, 502-504; connect, timeout, reset and cut-body failures; idempotent methods")
    func defaults() {
        let policy = RetryPolicy()
        #expect(policy.retryableStatuses == [408, 429, 500, 502, 503, 504])
        #expect(policy.retryableErrors == [.couldNotConnect, .timedOut, .connectionReset, .partialBody])
        #expect(policy.retryableMethods == [.get, .head, .put, .delete, .options])
        for status in [408, 429, 500, 502, 503, 504] {
            #expect(policy.shouldRetry(response(status)), "\(status)")
        }
        for status in [200, 301, 404, 501] {
            #expect(!policy.shouldRetry(response(status)), "\(status)")
        }
        #expect(policy.retries(CurlError.Kind.timedOut))
        #expect(policy.retries(CurlError.Kind.partialBody))
        #expect(!policy.retries(CurlError.Kind.couldNotResolveHost))
        #expect(!policy.retries(CurlError.Kind.proxyTunnelRefused))
        #expect(!policy.retries(CurlError.Kind.deadlineExceeded))
        #expect(policy.retries(HTTPMethod.get))
        #expect(!policy.retries(HTTPMethod.post))
    }

    @Test("Sets given to init, or assigned later, replace the defaults")
    func givenSets() {
        var policy = RetryPolicy(retryableStatuses: [404], retryableErrors: [.couldNotResolveHost], retryableMethods: [.post])
        #expect(policy.shouldRetry(response(404)))
        #expect(!policy.shouldRetry(response(503)))
        #expect(policy.retries(CurlError.Kind.couldNotResolveHost))
        #expect(!policy.retries(CurlError.Kind.timedOut))
        #expect(policy.retries(HTTPMethod.post))
        #expect(!policy.retries(HTTPMethod.get))
        policy.retryableStatuses = []
        #expect(!policy.shouldRetry(response(404)))
        #expect(policy.retryableStatuses.isEmpty)
    }
}
