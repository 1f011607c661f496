#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a request asks for, fixed when it is created and handed to the engine thread.
struct RequestDescription: Sendable {
    let url: String
    /// The URL's scheme, host and port: the host is what the session paces on, and an https
    /// request may share one multiplexed HTTP/2 connection.
    let endpoint: Endpoint
    let method: HTTPMethod
    let headers: HTTPHeaders
    let body: Data?
    let options: RequestOptions
    /// The user and password to answer an authentication challenge with (``Request/authenticate(username:password:)``).
    var credential: Credential?
    /// The progress handlers chained before the start, and what hands them the counts (made at the start, if any).
    var uploadProgress: ProgressReporter.Handler?
    var downloadProgress: ProgressReporter.Handler?
    var progress: ProgressReporter?

    /// A body read while it is sent (``Session/upload(_:to:method:headers:options:)``), not copied into libcurl first.
    var upload: UploadBody?

    /// Where a streamed body goes (``Session/streamRequest(_:method:headers:options:)``).
    var stream: StreamSink?

    /// Where a download writes its body (``Session/download(_:to:resuming:headers:options:)``).
    var download: DownloadTarget?

    struct DownloadTarget: Sendable {
        let path: String
        let resuming: Bool

        /// Where the body goes until it is complete: `path + ".part"`.
        var partial: String { path + ".part" }
        /// Where the validator of the `.part` (its response's ETag or Last-Modified) is kept.
        var validator: String { path + ".part.validator" }
    }

    enum UploadBody: Sendable {
        /// Bytes in memory, read in place.
        case data(Data)
        /// A file, read from disk as it is sent: never whole in memory.
        case file(path: String)
    }

    struct Credential: Sendable {
        let user: String
        let password: String
    }
}
