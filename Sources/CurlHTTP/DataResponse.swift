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

    /// The value, or nil if the chain failed.
    public var value: Value? { try? result.get() }

    /// The error, or nil if the chain succeeded.
    public var error: (any Error)? {
        if case .failure(let error) = result { error } else { nil }
    }
}
