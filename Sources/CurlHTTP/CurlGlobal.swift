internal import CCurl

/// The process-wide libcurl set-up.
enum CurlGlobal {
    /// Runs `curl_global_init` once per process: a global `let` is initialised lazily and
    /// exactly once even when several threads reach it (the runtime guards it with `swift_once`).
    /// Sessions touch it before they start their thread, so it runs before any thread of ours
    /// uses libcurl.
    private static let result: Int32 = Int32(ccurl_global_init().rawValue)

    static func ensureInitialized() {
        precondition(result == 0, "curl_global_init failed with CURLcode \(result)")
    }

    /// The libcurl version string, such as "libcurl/7.88.1 OpenSSL/3.0.19 …".
    static var versionString: String {
        // curl_version() returns a pointer to a static, NUL-terminated buffer inside libcurl;
        // String(cString:) copies it at once.
        String(cString: curl_version())
    }
}
