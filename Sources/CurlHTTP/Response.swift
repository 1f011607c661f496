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

    public init(
        status: Int, headers: HTTPHeaders, body: Data, url: String,
        httpVersion: HTTPVersion, metrics: Metrics, attempts: Int
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.httpVersion = httpVersion
        self.metrics = metrics
        self.attempts = attempts
    }
}

/// The HTTP version a response arrived with.
public enum HTTPVersion: String, Sendable, CustomStringConvertible {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"
    case http2 = "HTTP/2"
    case http3 = "HTTP/3"
    case unknown = "HTTP/?"

    public var description: String { rawValue }
}

/// libcurl's timings of one transfer, each measured from the start of that attempt.
public struct Metrics: Sendable, Equatable {
    /// libcurl: `CURLINFO_NAMELOOKUP_TIME_T`.
    public var nameLookup: Duration
    /// libcurl: `CURLINFO_CONNECT_TIME_T`.
    public var connect: Duration
    /// TLS handshake done; zero for plain HTTP. libcurl: `CURLINFO_APPCONNECT_TIME_T`.
    public var tlsHandshake: Duration
    /// First byte of the response received. libcurl: `CURLINFO_STARTTRANSFER_TIME_T`.
    public var firstByte: Duration
    /// The whole attempt. libcurl: `CURLINFO_TOTAL_TIME_T`.
    public var total: Duration
    /// True when the attempt used a connection opened earlier. libcurl: `CURLINFO_NUM_CONNECTS` is 0.
    public var connectionReused: Bool

    public init(
        nameLookup: Duration = .zero, connect: Duration = .zero, tlsHandshake: Duration = .zero,
        firstByte: Duration = .zero, total: Duration = .zero, connectionReused: Bool = false
    ) {
        self.nameLookup = nameLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.firstByte = firstByte
        self.total = total
        self.connectionReused = connectionReused
    }
}

/// What a response handler receives: the serialized value or the error, and the response if there was one.
public struct DataResponse<Value: Sendable>: Sendable {
    /// The URL that was requested.
    public let requestURL: String
    /// The response, or nil when no complete response arrived (transport error, cancellation).
    /// A response a `validate()` refused is here, with the error in `result`.
    public let response: Response?
    /// The handler's value, or the first error of the chain.
    public let result: Result<Value, any Error>
    /// How many attempts were made, counting the first.
    public let attempts: Int

    public var value: Value? { try? result.get() }

    public var error: (any Error)? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
