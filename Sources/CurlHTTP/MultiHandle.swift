internal import CCurl

/// Owns one libcurl multi handle (`CURLM *`); `close()` or `deinit` frees it.
///
/// Used by the engine thread only, except `wakeup()`, which libcurl documents as safe to call
/// from any thread while the handle exists (`curl_multi_wakeup`). Every `CURLMcode` passes
/// `check`, which throws a `CurlError` carrying `curl_multi_strerror`'s message.
final class MultiHandle {
    /// The C handle, from `init` until `close()`; nil after, when every libcurl call made with
    /// it fails with `CURLM_BAD_HANDLE` instead of touching freed memory.
    private(set) var pointer: UnsafeMutableRawPointer?

    init() throws(CurlError) {
        guard let handle = ccurl_multi_init() else {
            throw CurlError(kind: .multiHandleFailed, multiCode: .outOfMemory, message: "curl_multi_init failed: out of memory")
        }
        pointer = handle
    }

    deinit {
        close()
    }

    /// Frees the handle. Every easy handle should have been removed first; one that could not
    /// be is detached by `curl_multi_cleanup`, so its owner must free it only after this call.
    func close() {
        if let pointer {
            // Fails only for a bad handle or a call from inside a libcurl callback, neither of
            // which can happen here; there is nothing to do about it when closing anyway.
            _ = ccurl_multi_cleanup(pointer)
            self.pointer = nil
        }
    }

    func set(_ option: CURLMoption, _ value: Int) throws(CurlError) {
        try Self.check(ccurl_multi_setopt_long(pointer, option, value))
    }

    func add(_ easy: EasyHandle) throws(CurlError) {
        try Self.check(ccurl_multi_add_handle(pointer, easy.pointer))
    }

    /// Detaches a transfer; an unfinished one has its connection closed. If this throws, the
    /// multi handle may still refer to `easy`: keep the easy handle alive until after `close()`.
    func remove(_ easy: EasyHandle) throws(CurlError) {
        try Self.check(ccurl_multi_remove_handle(pointer, easy.pointer))
    }

    /// Drives every transfer as far as it can go without blocking.
    func perform() throws(CurlError) {
        var running: Int32 = 0
        try Self.check(ccurl_multi_perform(pointer, &running))
    }

    /// Waits until a socket of a transfer or one of `extra` is ready, `wakeup()` is called, or
    /// `timeoutMs` passes; `extra`'s `revents` say which of them are.
    func poll(timeoutMs: Int, extra: inout [curl_waitfd]) throws(CurlError) {
        let timeout = Int32(clamping: max(0, timeoutMs))
        // libcurl reads and writes the array only during the call, within its count (none when empty).
        let code = extra.withUnsafeMutableBufferPointer { fds in
            ccurl_multi_poll(pointer, fds.baseAddress, UInt32(fds.count), timeout, nil)
        }
        try Self.check(code)
    }

    /// libcurl's own deadline for its next `perform` (`curl_multi_timeout`), or nil if none.
    func timeoutMs() throws(CurlError) -> Int? {
        var ms = -1
        try Self.check(ccurl_multi_timeout(pointer, &ms))
        return ms < 0 ? nil : ms
    }

    /// Ends a `poll` at once, from any thread; false if libcurl could not send it (the poll ends at its timeout).
    func wakeup() -> Bool {
        ccurl_multi_wakeup(pointer) == CURLM_OK
    }

    /// The next transfer libcurl reports done (`CURLMSG_DONE`), its easy handle and result; nil when none is left.
    func nextEnded() -> (easy: UnsafeMutableRawPointer, code: CURLcode)? {
        var remaining: Int32 = 0
        while let message = ccurl_multi_info_read(pointer, &remaining) {
            // The CURLMsg belongs to libcurl and stays valid only until the next
            // curl_multi_info_read or curl_multi_remove_handle: both fields are read here, before
            // either call, and only their values leave this loop.
            if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
                return (easy, ccurl_msg_result(message))
            }
        }
        return nil
    }

    /// The one checkpoint every `CURLMcode` passes: the error carries the `CURLMcode` in its
    /// own field (`multiCode`, no `CURLcode`) and libcurl's message for it.
    static func check(_ code: CURLMcode) throws(CurlError) {
        guard code != CURLM_OK else { return }
        throw CurlError(
            kind: .multiHandleFailed, multiCode: CurlError.MultiCode(rawValue: Int32(code.rawValue)),
            // curl_multi_strerror returns a static, NUL-terminated string; it is copied at once.
            message: String(cString: ccurl_multi_strerror(code)))
    }
}
