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

    /// Runs `curl_global_init` once per process, throwing if it failed.
    static func initialize() throws(CurlError) {
        guard result == 0 else {
            throw CurlError(kind: .other, code: CurlError.Code(rawValue: result), message: "curl_global_init failed")
        }
    }

    /// libcurl's TLS library, such as "OpenSSL/3.0.11"; "" if it has none.
    static let tlsBackend: String = {
        // curl_version_info returns a pointer to a static struct inside libcurl, valid for the
        // life of the process; ssl_version is NULL or a static NUL-terminated string, copied.
        guard let info = ccurl_version_info(), let ssl = info.pointee.ssl_version else { return "" }
        return String(cString: ssl)
    }()

    /// libcurl's compiled-in CA directory (`CURLINFO_CAPATH`, e.g. "/etc/ssl/certs"), or nil.
    static let defaultCADirectory: String? = {
        ensureInitialized()
        guard let easy = try? EasyHandle(), let path = try? easy.info(string: CURLINFO_CAPATH), !path.isEmpty else {
            return nil
        }
        return path
    }()

    /// How the system's trust store is named to libcurl, decided once per process.
    static let systemTrust: TrustSettings = TrustSettings.resolve(
        .system, tlsBackend: tlsBackend, defaultCADirectory: defaultCADirectory,
        hasHashLinks: TrustSettings.directoryHasHashLinks)

    /// The libcurl version string, such as "libcurl/7.88.1 OpenSSL/3.0.19 …".
    static var versionString: String {
        // curl_version() returns a pointer to a static, NUL-terminated buffer inside libcurl;
        // String(cString:) copies it at once.
        String(cString: curl_version())
    }
}
