#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of requests that share one libcurl multi handle, driven by one thread.
///
/// All transfers of a session share its connection cache, DNS cache and TLS sessions, so
/// keep-alive connections and HTTP/2 multiplexing serve many requests; fifty requests in
/// flight cost one thread.
///
/// Keep a reference to the session for as long as its requests run: releasing it (or calling
/// `shutdown()`) ends every transfer still in flight with `CancellationError` and frees every
/// handle, as an Alamofire `Session` does. A request does not keep its session alive.
public final class Session: Sendable {
    public let configuration: SessionConfiguration
    private let engine: Engine
    private let thread: pthread_t

    public init(configuration: SessionConfiguration = SessionConfiguration()) {
        CurlGlobal.ensureInitialized()
        self.configuration = configuration
        do {
            engine = try Engine(configuration: configuration)
        } catch {
            fatalError("CurlHTTP: could not create a libcurl multi handle: \(error)")
        }
        // The thread holds a +1 reference to the engine, taken back in the thread's entry point.
        let context = Unmanaged.passRetained(engine).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let engine = Unmanaged<Engine>.fromOpaque(context!).takeRetainedValue()
            engine.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Engine>.fromOpaque(context).release()
            fatalError("CurlHTTP: could not start the session thread: error \(status)")
        }
        self.thread = thread
    }

    deinit {
        engine.shutdown()
        // Normally this runs on a caller's thread, and waiting for the engine thread to free
        // its handles cannot deadlock. The one caller code the engine thread runs is a
        // `RetryPolicy.retryableResponse` closure (and its release): if that held the last
        // reference, this deinit runs on the engine thread itself, which must not join itself;
        // it is detached and finishes its teardown on its own.
        if pthread_equal(pthread_self(), thread) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Ends every transfer still in flight with `CancellationError`; later requests fail the
    /// same way at once.
    public func shutdown() {
        engine.shutdown()
    }

    /// Starts a request and returns it at once.
    ///
    /// - Parameters:
    ///   - headers: sent in addition to `options.headers`; a field here replaces one of the same name there.
    ///   - body: sent as the request body (libcurl: `CURLOPT_COPYPOSTFIELDS`).
    ///   - options: this request's limits; the session's `requestDefaults` when nil.
    public func request(
        _ url: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: Data? = nil,
        options: RequestOptions? = nil
    ) -> Request {
        let options = options ?? configuration.requestDefaults
        let endpoint = Endpoint(url: url)
        let description = RequestDescription(
            url: url,
            host: endpoint.host,
            isHTTPS: endpoint.isHTTPS,
            method: method,
            headers: headers.merging(defaults: options.headers),
            body: body,
            options: options)
        let request = Request(url: url, engine: engine)
        if !engine.submit(request, description) {
            request.complete(.failure(CancellationError(), attempts: 0))
        }
        return request
    }
}
