import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request whose body is handed over in pieces as it arrives
/// (``Session/streamRequest(_:method:headers:options:)``), never held whole.
///
/// Back-pressure: when the consumer is slower than the network, the transfer pauses once two megabytes are waiting
/// (`CURL_WRITEFUNC_PAUSE`) and goes on when the consumer has caught up (`curl_easy_pause`), so memory stays flat
/// whatever the body's size, and the session's other transfers go on meanwhile. The chunks are the body whatever the
/// status: read the status in ``responseStream(queue:_:completion:)``'s completion.
public final class DataStreamRequest: WrappedRequest {
    /// The request underneath, which carries the transfer.
    public let request: Request
    /// Where the body goes until its consumer takes it (internal for the tests).
    let sink: StreamSink

    init(request: Request, sink: StreamSink) {
        self.request = request
        self.sink = sink
    }

    /// See ``Request/cURLDescription()``.
    public func cURLDescription() -> String {
        request.cURLDescription()
    }

    /// The body in order as it arrives, then the end, or what failed the request. An element is a batch of libcurl's
    /// chunks (of 16 KB at most) in one `Data` of a megabyte at most: a whole megabyte when the body comes fast, so
    /// that the loop turns once a megabyte, not once a chunk, and what came in a millisecond when it trickles, which
    /// reaches the loop a millisecond late at most. Starts the request. Leaving the `for try await` loop early (a
    /// `break`, a thrown error) cancels the transfer once the stream is let go, as does cancelling the task that
    /// reads it.
    public func stream() -> AsyncThrowingStream<Data, any Error> {
        let sink = self.sink
        let request = self.request
        // Held by the stream's closure: when stream and iterator go, so does it, cancelling a running transfer.
        let guardian = CancelOnRelease(request)
        request.resume()
        return AsyncThrowingStream {
            try await withTaskCancellationHandler {
                try await sink.next()
            } onCancel: {
                guardian.request.cancel()
            }
        }
    }

    /// Delivers the body to `chunk` on `queue` (by default a serial queue of its own), in order, in pieces of a
    /// megabyte at most (as ``stream()``'s elements), then the response (its status and headers, with an empty body)
    /// or the error to `completion` on the same queue, after the last piece. Starts the request.
    @discardableResult
    public func responseStream(
        queue: DispatchQueue? = nil, _ chunk: @escaping @Sendable (Data) -> Void,
        completion: @escaping @Sendable (Result<Response, any Error>) -> Void
    ) -> Self {
        let queue = queue ?? DispatchQueue(label: "CurlHTTP.DataStreamRequest", target: .global())
        sink.deliver(on: queue, chunk)
        request.whenFinished { result in queue.async { completion(result) } }
        return self
    }
}

/// Cancels a request when it is let go: a stream's consumer that stopped reading.
final class CancelOnRelease: Sendable {
    let request: Request

    init(_ request: Request) {
        self.request = request
    }

    deinit {
        request.cancel()
    }
}

extension Session {
    /// A request whose body is streamed to its consumer in chunks, with back-pressure: see
    /// ``DataStreamRequest``. `RequestOptions.maxBodySize` does not bound it, and it is never
    /// retried (its consumer has had the chunks of the attempt that failed).
    public func streamRequest(
        _ url: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:], options: RequestOptions? = nil
    ) -> DataStreamRequest {
        // Never retried: a retry would hand the consumer the body again after what it had.
        var options = options ?? configuration.requestDefaults
        options.retry = .none
        let request = request(url, method: method, headers: headers, options: options)
        let engine = self.engine
        let sink = StreamSink { engine.nudge() }
        request.modify("streamRequest") { $0.stream = sink }
        return DataStreamRequest(request: request, sink: sink)
    }
}
