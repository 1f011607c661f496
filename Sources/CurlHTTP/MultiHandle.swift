internal import CCurl

/// Owns one libcurl multi handle (`CURLM *`); `close()` or `deinit` frees it.
///
/// Used by the engine thread only, except `wakeup()`, which libcurl documents as safe to call
/// from any thread while the handle exists (`curl_multi_wakeup`).
final class MultiHandle {
    private(set) var pointer: UnsafeMutableRawPointer?

    init() throws(CurlError) {
        guard let handle = curl_multi_init() else {
            throw CurlError(kind: .other, code: CurlError.Code(rawValue: 27), message: "curl_multi_init failed: out of memory")
        }
        pointer = handle
    }

    deinit {
        close()
    }

    /// Frees the handle. Every easy handle must have been removed first.
    func close() {
        if let pointer {
            curl_multi_cleanup(pointer)
            self.pointer = nil
        }
    }

    func set(_ option: CURLMoption, _ value: Int) throws(CurlError) {
        try Self.check(ccurl_multi_setopt_long(pointer, option, value))
    }

    func add(_ easy: EasyHandle) throws(CurlError) {
        try Self.check(curl_multi_add_handle(pointer, easy.pointer))
    }

    /// Detaches a transfer; an unfinished one has its connection closed.
    func remove(_ easy: EasyHandle) {
        _ = curl_multi_remove_handle(pointer, easy.pointer)
    }

    /// Drives every transfer as far as it can go without blocking; returns how many still run.
    @discardableResult
    func perform() -> Int {
        var running: Int32 = 0
        _ = curl_multi_perform(pointer, &running)
        return Int(running)
    }

    /// Waits until a socket of a transfer is ready, `wakeup()` is called, or `timeoutMs` passes.
    func poll(timeoutMs: Int) {
        _ = curl_multi_poll(pointer, nil, 0, Int32(clamping: timeoutMs), nil)
    }

    /// libcurl's own deadline for its next `perform` (`curl_multi_timeout`), or nil if none.
    func timeoutMs() -> Int? {
        var ms = -1
        _ = curl_multi_timeout(pointer, &ms)
        return ms < 0 ? nil : ms
    }

    /// Ends a `poll` at once. Callable from any thread.
    func wakeup() {
        _ = curl_multi_wakeup(pointer)
    }

    /// The next finished transfer: its easy handle pointer and result, or nil when none is left.
    func nextCompletion() -> (easy: UnsafeMutableRawPointer, code: CURLcode)? {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(pointer, &remaining) {
            if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
                return (easy, ccurl_msg_result(message))
            }
        }
        return nil
    }

    /// The one checkpoint every `CURLMcode` passes.
    static func check(_ code: CURLMcode) throws(CurlError) {
        guard code != CURLM_OK else { return }
        throw CurlError(
            kind: .other, code: CurlError.Code(rawValue: 1000 + Int32(code.rawValue)),
            message: String(cString: curl_multi_strerror(code)))
    }
}
