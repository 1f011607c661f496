#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A complete HTTP response: status, headers, body and how the transfer went.
public struct Response: Sendable {
    /// The status code of the last response (after redirects). libcurl: `CURLINFO_RESPONSE_CODE`.
    public let status: Int
    /// The header fields of the last response (after redirects).
    public let headers: HTTPHeaders
    /// The body, already decoded from any `Content-Encoding`.
    public let body: Data
    /// The URL the body came from, after redirects. libcurl: `CURLINFO_EFFECTIVE_URL`.
    public let url: String
    /// The protocol version used. libcurl: `CURLINFO_HTTP_VERSION`.
    public let httpVersion: HTTPVersion
    /// libcurl's timings for the last attempt.
    public let metrics: Metrics
    /// How many attempts the request took, counting the first (1 unless retried).
    public let attempts: Int
    /// The server's `Retry-After`, as libcurl read it: its seconds, or its HTTP date as the time from the response to
    /// that date; nil without one. A retry waits this long (see ``RetryPolicy``). libcurl: `CURLINFO_RETRY_AFTER`.
    public let retryAfter: Duration?

    /// Creates a response; the session makes them, so this is for tests.
    public init(
        status: Int, headers: HTTPHeaders, body: Data, url: String,
        httpVersion: HTTPVersion, metrics: Metrics, attempts: Int, retryAfter: Duration? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.httpVersion = httpVersion
        self.metrics = metrics
        self.attempts = attempts
        self.retryAfter = retryAfter
    }
}
