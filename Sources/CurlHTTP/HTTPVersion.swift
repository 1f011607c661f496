/// The HTTP version a response arrived with.
public enum HTTPVersion: String, Sendable, CustomStringConvertible {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"
    case http2 = "HTTP/2"
    case http3 = "HTTP/3"
    case unknown = "HTTP/?"

    public var description: String { rawValue }
}
