internal import CCurl

/// Owns one libcurl easy handle (`CURL *`), its error buffer and the header list it points at; `deinit` frees them so.
///
/// Not Sendable: a handle is used by one thread at a time, the session's engine thread.
final class EasyHandle {
    /// The C handle. Valid from `init` until `deinit`.
    let pointer: UnsafeMutableRawPointer
    /// `CURLOPT_ERRORBUFFER`: libcurl writes a NUL-terminated message of at most `CURL_ERROR_SIZE` bytes here.
    /// Allocated here and freed in `deinit`, after `curl_easy_cleanup`, so it outlives every use libcurl makes of it.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The list `CURLOPT_HTTPHEADER` points at. libcurl does not copy it, so the handle keeps it: a class's stored
    /// properties are released only after its `deinit` body has run, so the list is freed after `curl_easy_cleanup`,
    /// whoever else holds it and in whatever order they let go.
    private var headerList: HeaderList?

    init() throws(CurlError) {
        guard let handle = ccurl_easy_init() else {
            throw CurlError(kind: .other, code: .outOfMemory, message: "curl_easy_init failed: out of memory")
        }
        pointer = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    }

    deinit {
        ccurl_easy_cleanup(pointer)
        errorBuffer.deallocate()
        // `headerList` is released after this body, i.e. after curl_easy_cleanup.
    }

    /// The error buffer's text from the last transfer, or "".
    var errorDetail: String {
        // The buffer is NUL-terminated: zeroed at allocation, and libcurl always terminates
        // what it writes (at most CURL_ERROR_SIZE bytes, terminator included).
        String(cString: errorBuffer)
    }

    // MARK: Options (curl_easy_setopt)

    func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_long(pointer, option, value))
    }

    func set(_ option: CURLoption, _ value: Bool) throws(CurlError) {
        try set(option, value ? 1 : 0)
    }

    func set(_ option: CURLoption, offset value: Int64) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_off(pointer, option, curl_off_t(value)))
    }

    /// libcurl copies string options (since 7.17), so the temporary C string may go away after the call.
    /// nil passes NULL, which restores "none" for options such as `CURLOPT_CAINFO` whose default is compiled in.
    func set(_ option: CURLoption, _ value: String?) throws(CurlError) {
        let code = value.map { $0.withCString { ccurl_easy_setopt_string(pointer, option, $0) } }
        try Self.check(code ?? ccurl_easy_setopt_string(pointer, option, nil))
    }

    /// A pointer libcurl stores as it is; the caller keeps what it points at valid for as long as libcurl may use it.
    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_pointer(pointer, option, value))
    }

    /// Points `CURLOPT_HTTPHEADER` at `list`, which this handle then keeps alive until after
    /// `curl_easy_cleanup` (libcurl reads the list in place, it does not copy it).
    func set(headers list: HeaderList) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_slist(pointer, CURLOPT_HTTPHEADER, list.pointer))
        headerList = list
    }

    func set(_ option: CURLoption, callback: ccurl_data_callback) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_callback(pointer, option, callback))
    }

    func set(_ option: CURLoption, seek: ccurl_seek_callback) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_seek(pointer, option, seek))
    }

    func set(_ option: CURLoption, _ progress: ccurl_xferinfo_callback) throws(CurlError) {
        try Self.check(ccurl_easy_setopt_xferinfo(pointer, option, progress))
    }

    // MARK: Information (curl_easy_getinfo)

    func info(_ item: CURLINFO) throws(CurlError) -> Int {
        var value = 0
        try Self.check(ccurl_easy_getinfo_long(pointer, item, &value))
        return value
    }

    func info(offset item: CURLINFO) throws(CurlError) -> Int64 {
        var value: curl_off_t = 0
        try Self.check(ccurl_easy_getinfo_off(pointer, item, &value))
        return Int64(value)
    }

    /// A string info; "" when libcurl has none.
    func info(string item: CURLINFO) throws(CurlError) -> String {
        var value: UnsafeMutablePointer<CChar>? = nil
        try Self.check(ccurl_easy_getinfo_string(pointer, item, &value))
        // The char * points into memory libcurl owns, NUL-terminated and valid until the next
        // call on this handle; String(cString:) copies it at once, before any such call.
        return value.map { String(cString: $0) } ?? ""
    }

    /// The one checkpoint every easy-handle `CURLcode` passes.
    static func check(_ code: CURLcode) throws(CurlError) {
        guard code != CURLE_OK else { return }
        let raw = CurlError.Code(rawValue: Int32(code.rawValue))
        throw CurlError(kind: CurlError.kind(of: raw), code: raw, message: message(for: code))
    }

    /// libcurl's text for a code (`curl_easy_strerror`).
    static func message(for code: CURLcode) -> String {
        // curl_easy_strerror returns a static, NUL-terminated string; it is copied at once.
        String(cString: ccurl_easy_strerror(code))
    }
}
