/// The HTTP version a response arrived with.
public enum HTTPVersion: String, Sendable, CustomStringConvertible {
    /// HTTP/1.0.
    case http1_0 = "HTTP/1.0"
    /// HTTP/1.1.
    case http1_1 = "HTTP/1.1"
    /// HTTP/2.
    case http2 = "HTTP/2"
    /// HTTP/3 (over QUIC).
    case http3 = "HTTP/3"
    /// libcurl did not say.
    case unknown = "HTTP/?"

    /// The version as written in a status line, e.g. "HTTP/2".
    public var description: String { rawValue }
}
