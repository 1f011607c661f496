#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Session {
    /// A request that sends `data` as its body, read in place as libcurl sends it (no copy), with
    /// `Content-Length`. Retries send it again from its start. ``Request/uploadProgress(_:)``
    /// reports it as it leaves.
    public func upload(
        _ data: Data, to url: String, method: HTTPMethod = .post, headers: HTTPHeaders = [:], options: RequestOptions? = nil
    ) -> Request {
        upload(.data(data), to: url, method: method, headers: headers, options: options)
    }

    /// A request that sends the file at `path` as its body, streamed from disk as libcurl sends
    /// it: a file of any size is never in memory. `Content-Length` is the file's size when the
    /// attempt starts; each retry reopens the file and sends it from its start. A file whose
    /// size changes while it is sent fails the request (``CurlError/Kind/other``, never retried);
    /// one that cannot be opened fails it before any byte is sent.
    public func upload(
        fileAt path: String, to url: String, method: HTTPMethod = .post, headers: HTTPHeaders = [:], options: RequestOptions? = nil
    ) -> Request {
        upload(.file(path: path), to: url, method: method, headers: headers, options: options)
    }

    private func upload(
        _ body: RequestDescription.UploadBody, to url: String, method: HTTPMethod, headers: HTTPHeaders, options: RequestOptions?
    ) -> Request {
        let request = request(url, method: method, headers: headers, options: options)
        request.modify("upload") { $0.upload = body }
        return request
    }
}
