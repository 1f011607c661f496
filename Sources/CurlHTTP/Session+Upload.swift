#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Session {
    /// A request that sends `data` as its body, read in place as libcurl sends it (no copy), with `Content-Length`.
    /// Retries send it again from its start. ``Request/uploadProgress(_:)`` reports it as it leaves.
    public func upload(
        _ data: Data, to url: String, method: HTTPMethod = .post, headers: HTTPHeaders = [:], options: RequestOptions? = nil
    ) -> Request {
        upload(.data(data), to: url, method: method, headers: headers, options: options)
    }

    /// A request that sends the file at `path` as its body, streamed from disk as libcurl sends it: a file of any size
    /// is never in memory. `Content-Length` is the file's size when the attempt starts; each retry reopens the file and
    /// sends it from its start. A file whose size changes while it is sent fails the request (``CurlError/Kind/other``,
    /// never retried); one that cannot be opened fails it before any byte is sent.
    ///
    /// A path that is not a regular file when the request is made (a pipe, a FIFO, `/dev/stdin`) has no length: it is
    /// sent chunked (HTTP/1.1) as it is read, to its end, and never retried, since it cannot be read again. While it
    /// has nothing to read, its transfer pauses and the session's others go on. A FIFO that no writer has opened yet is
    /// waited for in the same way, until a writer has come and gone, or the request's timeout.
    public func upload(
        fileAt path: String, to url: String, method: HTTPMethod = .post, headers: HTTPHeaders = [:], options: RequestOptions? = nil
    ) -> Request {
        var options = options
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            options = options ?? configuration.requestDefaults
            options?.retry = .none
        }
        return upload(.file(path: path), to: url, method: method, headers: headers, options: options)
    }

    private func upload(
        _ body: RequestDescription.UploadBody, to url: String, method: HTTPMethod, headers: HTTPHeaders, options: RequestOptions?
    ) -> Request {
        let request = request(url, method: method, headers: headers, options: options)
        request.modify("upload") { $0.upload = body }
        return request
    }
}
