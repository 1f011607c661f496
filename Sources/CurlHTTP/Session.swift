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
/// All transfers of a session share its connection cache, DNS cache and TLS sessions, so keep-alive connections and
/// HTTP/2 multiplexing serve many requests; fifty requests in flight cost one thread.
///
/// Keep a reference to the session for as long as its requests run: releasing it (or calling
/// ``invalidateAndCancel()``) ends every transfer still in flight with `CancellationError`, as
/// an Alamofire `Session` does; the session's thread then frees every handle on its own. A
/// request does not keep its session alive. In async code, ``withSession(configuration:isolation:_:)``
/// scopes a session and waits, without blocking a thread, until its handles are freed.
public final class Session: Sendable {
    /// The configuration the session was made with.
    public let configuration: SessionConfiguration
    /// Internal, for the requests made in other files (a stream's consumer wakes it).
    let engine: Engine

    /// Creates the session's multi handle and starts its thread.
    ///
    /// - Throws: `CurlError` if libcurl cannot be initialised, the multi handle cannot be
    ///   created (kind ``CurlError/Kind/multiHandleFailed``), or the thread cannot be started.
    public init(configuration: SessionConfiguration = SessionConfiguration()) throws(CurlError) {
        try CurlGlobal.initialize()
        self.configuration = configuration
        engine = try Engine(configuration: configuration)
        // The thread holds a +1 reference to the engine, taken back in the thread's entry point.
        let context = Unmanaged.passRetained(engine).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let engine = Unmanaged<Engine>.fromOpaque(context!).takeRetainedValue()
            engine.run()
            engine.didStop()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Engine>.fromOpaque(context).release()
            throw CurlError(kind: .other, message: "could not start the session thread: error \(status)")
        }
        // Nobody joins the thread: it ends on its own after a shutdown, freeing its handles, so
        // that releasing a session never blocks the releasing thread (a cooperative one, in
        // async code). `waitUntilInvalidated()` waits for that end without blocking.
        pthread_detach(thread)
    }

    deinit {
        engine.shutdown()
    }

    /// Ends the session for good: every transfer still in flight ends with
    /// `CancellationError`, and every later request fails the same way at once.
    public func invalidateAndCancel() {
        engine.shutdown()
    }

    /// Suspends until the session's thread has ended, after ``invalidateAndCancel()``, with every
    /// request finished and every libcurl handle freed. Blocks no thread.
    public func waitUntilInvalidated() async {
        await engine.waitUntilStopped()
    }

    /// A request of the session, returned at once. It starts (the session sends it as soon as its host's pacing and its
    /// limit allow) when its first response handler or async accessor is attached, or on ``Request/resume()``.
    ///
    /// - Parameters:
    ///   - url: an http or https URL.
    ///   - method: the request method; GET by default.
    ///   - headers: sent in addition to `options.headers`; a field here replaces one of the same name there.
    ///   - body: sent as the request body (libcurl: `CURLOPT_COPYPOSTFIELDS`).
    ///   - options: this request's limits; the session's `requestDefaults` when nil.
    public func request(
        _ url: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: Data? = nil,
        options: RequestOptions? = nil
    ) -> Request {
        let options = options ?? configuration.requestDefaults
        let description = RequestDescription(
            url: url,
            endpoint: Endpoint(url: url),
            method: method,
            headers: headers.merging(defaults: options.headers),
            body: body,
            options: options)
        return Request(url: url, engine: engine, description: description)
    }

    /// A request whose `parameters` are encoded by `encoder`: by default a URL-encoded form, in the query string for
    /// GET, HEAD and DELETE and in the body for the other methods (see ``ParameterEncoder``). Parameters that cannot be
    /// encoded fail the request with ``ParameterEncodingError``; nil parameters send none.
    ///
    /// ```swift
    /// let text = try await session.request(url, parameters: ["city": "東京"]).validate().string()
    /// ```
    public func request<Parameters: Encodable & Sendable>(
        _ url: String, method: HTTPMethod = .get, parameters: Parameters?,
        encoder: ParameterEncoder = .urlEncodedForm, headers: HTTPHeaders = [:],
        options: RequestOptions? = nil
    ) -> Request {
        guard let parameters else { return request(url, method: method, headers: headers, options: options) }
        var encodedURL = url, encodedHeaders = headers
        do throws(ParameterEncodingError) {
            let body = try encoder.encode(parameters, method: method, url: &encodedURL, headers: &encodedHeaders)
            return request(encodedURL, method: method, headers: encodedHeaders, body: body, options: options)
        } catch {
            return Request(url: url, engine: engine, failed: .failure(error, attempts: 0))
        }
    }
}
