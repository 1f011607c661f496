/// A response whose status a `validate()` handler did not accept.
public struct StatusCodeError: Error, Sendable, CustomStringConvertible {
    /// The status code that was refused.
    public let status: Int
    /// The URL that was requested.
    public let url: String
    /// How many attempts were made, counting the first.
    public let attempts: Int

    public init(status: Int, url: String, attempts: Int = 1) {
        self.status = status
        self.url = url
        self.attempts = attempts
    }

    public var description: String {
        attempts > 1 ? "HTTP \(status) after \(attempts) attempts" : "HTTP \(status)"
    }
}

/// A response body that a serializer could not turn into the value asked for.
public struct ResponseDecodingError: Error, Sendable, CustomStringConvertible {
    /// The error the decoder threw.
    public let underlying: any Error
    /// The URL that was requested.
    public let url: String

    public init(underlying: any Error, url: String) {
        self.underlying = underlying
        self.url = url
    }

    public var description: String {
        "could not decode the response: \(underlying)"
    }
}
