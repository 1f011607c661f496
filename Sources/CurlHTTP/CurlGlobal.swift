internal import CCurl

/// The process-wide libcurl set-up.
package enum CurlGlobal {
    /// Loads libcurl and runs `curl_global_init` once per process: a global `let` is initialised lazily and exactly
    /// once even when several threads reach it (the runtime guards it with `swift_once`). Sessions touch it before they
    /// start their thread, so it runs before any thread of ours uses libcurl. libcurl is not linked but opened here, on
    /// first use (CCurl's `ccurl.c`): a run that makes no transfer never loads it.
    private static let result: Int32 = Int32(ccurl_global_init().rawValue)

    /// Loads libcurl and runs `curl_global_init` once per process, throwing if either failed.
    static func initialize() throws(CurlError) {
        guard result == 0 else {
            throw CurlError(kind: .other, code: CurlError.Code(rawValue: result), message: initializationFailure)
        }
    }

    /// Asks that the process's exit not run OpenSSL's clean-up (`OPENSSL_cleanup`, from the atexit handler OpenSSL
    /// registers when libcurl first initialises it), for a command that exits right after its work: the clean-up frees,
    /// one by one, what the exit frees at once, work a short run need not do. Call it first thing in `main`, while the
    /// process has one thread; it does nothing once libcurl is loaded, and nothing with a libcurl on another TLS
    /// library. A library or long-lived program has no reason to.
    package static func skipTLSCleanupAtExit() {
        ccurl_skip_tls_exit_cleanup()
    }

    /// Why libcurl could not be loaded (the dynamic loader's words), or "" if it was.
    static var loadFailure: String {
        // ccurl_load_failure returns a static buffer in CCurl, written once before any call returns; copied here.
        String(cString: ccurl_load_failure())
    }

    /// What went wrong when libcurl was loaded and initialised, in words for the user.
    private static var initializationFailure: String {
        let reason = loadFailure
        if reason.isEmpty { return "curl_global_init failed" }
        return "libcurl could not be loaded (\(reason)); on Debian it comes with the libcurl4 package"
            + " (libcurl4t64 on newer releases)"
    }

    /// libcurl's compiled-in CA directory (`CURLINFO_CAPATH`, e.g. "/etc/ssl/certs"), or nil.
    static let defaultCADirectory: String? = {
        precondition(result == 0, "curl_global_init failed with CURLcode \(result)")
        let path = (try? EasyHandle()).flatMap { try? $0.info(string: CURLINFO_CAPATH) }
        return path?.isEmpty == false ? path : nil
    }()

    /// How the system's trust store is named to libcurl, decided once per process.
    static let systemTrust: TrustSettings = TrustSettings.resolve(
        .system, tlsBackend: LibcurlVersion.current.tlsLibrary ?? "", defaultCADirectory: defaultCADirectory,
        hasHashLinks: TrustSettings.directoryHasHashLinks)
}
