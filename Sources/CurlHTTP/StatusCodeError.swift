/// A response whose status a `validate()` handler did not accept.
public struct StatusCodeError: Error, Sendable, CustomStringConvertible {
    /// The status code that was refused.
    public let status: Int
    /// The URL that was requested.
    public let url: String
    /// How many attempts were made, counting the first.
    public let attempts: Int

    /// Creates the error for a refused `status` from `url`, after `attempts` attempts.
    public init(status: Int, url: String, attempts: Int = 1) {
        self.status = status
        self.url = url
        self.attempts = attempts
    }

    public var description: String {
        attempts > 1 ? "HTTP \(status) after \(attempts) attempts" : "HTTP \(status)"
    }
}
