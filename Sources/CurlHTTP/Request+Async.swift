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

    /// The bridge: a continuation resumed by a handler at the end of the chain, and a
    /// cancellation handler that cancels the request.
    private func value<Value: Sendable>(_ transform: @escaping @Sendable (Response) throws -> Value) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                serialize(transform) { continuation.resume(with: $0.result) }
            }
        } onCancel: {
            cancel()
        }
    }
}
