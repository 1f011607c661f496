#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Request {
    /// The whole response once the transfer and every handler added before this call are done.
    /// Cancelling the calling task cancels the transfer and throws `CancellationError`.
    public func response() async throws -> Response {
        try await value { $0 }
    }

    /// The body. See `response()`.
    public func data() async throws -> Data {
        try await value { $0.body }
    }

    /// The body as UTF-8 text. See `response()`.
    public func string() async throws -> String {
        try await value { String(decoding: $0.body, as: UTF8.self) }
    }

    /// The body decoded as JSON. See `response()`.
    public func decodable<Value: Decodable & Sendable>(
        as type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
    ) async throws -> Value {
        try await value { try Self.decode(Value.self, from: $0, with: decoder) }
    }

    /// The bridge: the response, then `transform` applied in the calling task, with a handler that cancels the request.
    ///
    /// With no handler added before this call, the continuation is resumed by the thread that
    /// finishes the request (the session's), with no hop through the handler queue; handlers
    /// added after it still run in order on that queue. Otherwise it waits at the end of the
    /// chain, behind the handlers before it, and sees what they made of the outcome.
    private func value<Value: Sendable>(_ transform: (Response) throws -> Value) async throws -> Value {
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
                if !addWaiter(unlessBehindHandlers: true, { continuation.resume(with: $0.result) }) {
                    serialize({ $0 }) { continuation.resume(with: $0.result) }
                }
            }
        } onCancel: {
            cancel()
        }
        return try transform(response)
    }
}
