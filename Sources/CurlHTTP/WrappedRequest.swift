/// A kind of request built on a ``Request`` (``DownloadRequest``, ``DataStreamRequest``): it
/// starts, and takes the modifiers, as its request does.
public protocol WrappedRequest: AnyObject, Sendable {
    /// The request underneath, which carries the transfer.
    var request: Request { get }
}

extension WrappedRequest {
    /// Starts the request; see ``Request/resume()``.
    @discardableResult
    public func resume() -> Self {
        request.resume()
        return self
    }

    /// See ``Request/authenticate(username:password:)``.
    @discardableResult
    public func authenticate(username: String, password: String) -> Self {
        request.authenticate(username: username, password: password)
        return self
    }

    /// See ``Request/uploadProgress(_:)``.
    @discardableResult
    public func uploadProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        request.uploadProgress(handler)
        return self
    }

    /// See ``Request/downloadProgress(_:)``; a download counts the bytes of a resumed `.part`.
    @discardableResult
    public func downloadProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        request.downloadProgress(handler)
        return self
    }
}
