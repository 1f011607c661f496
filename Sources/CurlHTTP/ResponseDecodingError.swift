/// A response body that a serializer could not turn into the value asked for.
public struct ResponseDecodingError: Error, Sendable, CustomStringConvertible {
    /// The error the decoder threw.
    public let underlying: any Error
    /// The URL that was requested.
    public let url: String

    /// Creates the error for a body from `url` that the decoder refused with `underlying`.
    public init(underlying: any Error, url: String) {
        self.underlying = underlying
        self.url = url
    }

    public var description: String {
        "could not decode the response: \(underlying)"
    }
}
