import Dispatch

/// A request whose body goes to a file (``Session/download(_:to:resuming:headers:options:)``).
///
/// The body is written to `path + ".part"` as it arrives, so memory stays flat whatever its size, and renamed onto
/// `path` only once it is complete and its status is 2xx: after a failure nothing is at `path`, and the `.part` stays,
/// with its response's validator beside it (`.part.validator`), for a later download with `resuming: true`.
public final class DownloadRequest: WrappedRequest {
    /// The request underneath, which carries the transfer and its handlers.
    public let request: Request
    /// Where the file goes.
    public let path: String

    init(request: Request, path: String) {
        self.request = request
        self.path = path
    }

    /// See ``Request/cURLDescription()``.
    public func cURLDescription() -> String {
        request.cURLDescription() + " -o " + CurlCommand.quoted(path)
    }

    /// The destination path, once the file is complete there; throws what failed the download
    /// (a status outside 200..<300 is a ``StatusCodeError``).
    public func file() async throws -> String {
        _ = try await request.validate().response()
        return path
    }

    /// Calls `completion` with the destination path, or what failed the download, on `queue`
    /// (by default the request's own), in the order of the request's handlers.
    @discardableResult
    public func responseFile(
        queue: DispatchQueue? = nil, completion: @escaping @Sendable (Result<String, any Error>) -> Void
    ) -> Self {
        let path = self.path
        request.validate().response(queue: queue) { response in
            completion(response.result.map { _ in path })
        }
        return self
    }
}

extension Session {
    /// A download of `url` into the file at `path`: written to `path + ".part"` as it arrives and renamed onto `path`
    /// once complete with a 2xx status. With `resuming`, an existing `.part` is continued: the request asks for the
    /// rest (`Range`, with `If-Range` naming the validator its response had), and a 206 appends to it; a 200 (the file
    /// changed on the server) starts it over. `RequestOptions.maxBodySize` does not bound it.
    public func download(
        _ url: String, to path: String, resuming: Bool = false, headers: HTTPHeaders = [:], options: RequestOptions? = nil
    ) -> DownloadRequest {
        let request = request(url, headers: headers, options: options)
        request.modify("download") { $0.download = RequestDescription.DownloadTarget(path: path, resuming: resuming) }
        return DownloadRequest(request: request, path: path)
    }
}
