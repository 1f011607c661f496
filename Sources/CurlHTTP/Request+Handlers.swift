#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch

extension Request {
    /// Fails the chain from here on with `StatusCodeError` unless the status is in `acceptable`.
    @discardableResult
    public func validate(statusCode acceptable: Range<Int> = 200..<300) -> Self {
        validate { response in
            acceptable.contains(response.status)
                ? nil : StatusCodeError(status: response.status, url: response.url, attempts: response.attempts)
        }
    }

    /// Fails the chain from here on with the error `check` returns for the response, if any (not handlers before it).
    @discardableResult
    public func validate(_ check: @escaping @Sendable (Response) -> (any Error)?) -> Self {
        enqueue { outcome, _ in
            guard case .success(let response) = outcome, let error = check(response) else { return nil }
            return .failure(error, response: response, attempts: response.attempts)
        }
        return self
    }

    /// Delivers the whole `Response` (status, headers, body, metrics).
    @discardableResult
    public func response(
        queue: DispatchQueue? = nil, completion: @escaping @Sendable (DataResponse<Response>) -> Void
    ) -> Self {
        serialize(queue: queue, { $0 }, completion: completion)
    }

    /// Delivers the body.
    @discardableResult
    public func responseData(
        queue: DispatchQueue? = nil, completion: @escaping @Sendable (DataResponse<Data>) -> Void
    ) -> Self {
        serialize(queue: queue, { $0.body }, completion: completion)
    }

    /// Delivers the body as UTF-8 text (invalid sequences replaced).
    @discardableResult
    public func responseString(
        queue: DispatchQueue? = nil, completion: @escaping @Sendable (DataResponse<String>) -> Void
    ) -> Self {
        serialize(queue: queue, { String(decoding: $0.body, as: UTF8.self) }, completion: completion)
    }

    /// Delivers the body decoded as JSON into `type`; a failure is a `ResponseDecodingError`.
    @discardableResult
    public func responseDecodable<Value: Decodable & Sendable>(
        of type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder(),
        queue: DispatchQueue? = nil, completion: @escaping @Sendable (DataResponse<Value>) -> Void
    ) -> Self {
        serialize(queue: queue, { try Self.decode(Value.self, from: $0, with: decoder) }, completion: completion)
    }

    /// Decodes a body as JSON; a failure is a `ResponseDecodingError`.
    static func decode<Value: Decodable>(_ type: Value.Type, from response: Response, with decoder: JSONDecoder) throws -> Value {
        do {
            return try decoder.decode(Value.self, from: response.body)
        } catch {
            throw ResponseDecodingError(underlying: error, url: response.url)
        }
    }

    /// The common path of every response handler: turn the outcome into a value with `transform`
    /// and hand it to `completion`, on `queue` if given, else right on the request's own queue.
    /// The next handler of the chain starts only after `completion` has returned.
    @discardableResult
    public func serialize<Value: Sendable>(
        queue: DispatchQueue? = nil,
        _ transform: @escaping @Sendable (Response) throws -> Value,
        completion: @escaping @Sendable (DataResponse<Value>) -> Void
    ) -> Self {
        let url = self.url
        enqueue { outcome, handlerQueue in
            let delivered = switch outcome {
            case .success(let response):
                DataResponse(requestURL: url, response: response, result: Result { try transform(response) }, attempts: response.attempts)
            case .failure(let error, let response, let attempts):
                DataResponse<Value>(requestURL: url, response: response, result: .failure(error), attempts: attempts)
            }
            if let queue {
                // The next handler waits until this completion has run on the caller's queue, so handlers run in the
                // order they were added even across queues. Suspending holds the chain without holding a thread.
                handlerQueue.suspend()
                queue.async {
                    completion(delivered)
                    handlerQueue.resume()
                }
            } else {
                completion(delivered)
            }
            return nil
        }
        return self
    }
}
