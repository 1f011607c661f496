import CCurl
@testable import CurlHTTP
import Testing

@Suite("libcurl's version")
struct LibcurlVersionTests {
    @Test("The summary names the libcurl, TLS library and nghttp2 that curl_version() names")
    func matchesCurlVersion() {
        let loaded = LibcurlVersion.current
        // curl_version() is libcurl's own one-line description, "libcurl/7.88.1 OpenSSL/3.0.17
        // zlib/… nghttp2/1.52.0 …": every word of the summary must be one of its words.
        // curl_version() returns a pointer to a static, NUL-terminated buffer inside libcurl
        // (ccurl_version NULL if libcurl could not be loaded); String(cString:) copies it at once.
        let version = ccurl_version().map { String(cString: $0) } ?? ""
        let words = Set(version.split(separator: " ").map(String.init))
        #expect(words.contains("libcurl/\(loaded.version)"))
        let summary = loaded.summary.split(separator: " ").map(String.init)
        #expect(summary.first == "libcurl/\(loaded.version)")
        if loaded.supportsHTTP2 {
            #expect(summary.allSatisfy(words.contains))
        }
        if let tls = loaded.tlsLibrary {
            #expect(summary.contains(tls))
        }
    }

    @Test("The Debian 12 libcurl the project is built on has TLS and HTTP/2")
    func debianBuild() {
        let loaded = LibcurlVersion.current
        #expect(loaded.tlsLibrary != nil)
        #expect(loaded.supportsHTTP2)
        #expect(loaded.nghttp2Version != nil)
    }

    @Test("A libcurl without TLS or HTTP/2 says so")
    func withoutHTTP2() {
        let plain = LibcurlVersion(version: "8.0.0", tlsLibrary: nil, nghttp2Version: nil, supportsHTTP2: false)
        #expect(plain.summary == "libcurl/8.0.0 no HTTP/2")
        let full = LibcurlVersion(version: "7.88.1", tlsLibrary: "OpenSSL/3.0.17", nghttp2Version: "1.52.0",
                                  supportsHTTP2: true)
        #expect(full.summary == "libcurl/7.88.1 OpenSSL/3.0.17 nghttp2/1.52.0")
    }

    @Test("A libcurl that could not be loaded says so, and the loaded one is never called unavailable")
    func unavailable() {
        let missing = LibcurlVersion(version: LibcurlVersion.unavailable, tlsLibrary: nil, nghttp2Version: nil, supportsHTTP2: false)
        #expect(missing.summary == "libcurl unavailable")
        #expect(LibcurlVersion.current.version != LibcurlVersion.unavailable)
        #expect(ccurlLoadFailure.isEmpty, "libcurl did not load here: \(ccurlLoadFailure)")
    }

    /// What CCurl says went wrong loading libcurl: nothing, on this machine.
    private var ccurlLoadFailure: String {
        CurlGlobal.loadFailure
    }
}
