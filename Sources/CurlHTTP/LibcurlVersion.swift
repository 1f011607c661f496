internal import CCurl

/// The libcurl this process runs on: its version, TLS library and HTTP/2 support, as
/// `curl -V` shows them on its first line. libcurl: `curl_version_info`.
///
/// A bug report about a transfer needs these first, so a tool's `--version` prints ``summary``:
///
/// ```swift
/// print("mytool 1.0 (\(LibcurlVersion.current.summary))")
/// // mytool 1.0 (libcurl/7.88.1 OpenSSL/3.0.17 nghttp2/1.52.0)
/// ```
public struct LibcurlVersion: Sendable, Hashable {
    /// libcurl's own version, such as "7.88.1". libcurl: `curl_version_info_data.version`.
    public var version: String

    /// The TLS library with its version, such as "OpenSSL/3.0.17", or nil if libcurl was
    /// built without TLS. libcurl: `curl_version_info_data.ssl_version`.
    public var tlsLibrary: String?

    /// The HTTP/2 library's version, such as "1.52.0", or nil. libcurl: `curl_version_info_data.nghttp2_version`.
    public var nghttp2Version: String?

    /// Whether this libcurl can speak HTTP/2. libcurl: `CURL_VERSION_HTTP2`.
    public var supportsHTTP2: Bool

    /// Creates a description of a libcurl; ``current`` reads the one loaded.
    public init(version: String, tlsLibrary: String?, nghttp2Version: String?, supportsHTTP2: Bool) {
        self.version = version
        self.tlsLibrary = tlsLibrary
        self.nghttp2Version = nghttp2Version
        self.supportsHTTP2 = supportsHTTP2
    }

    /// The libcurl this process runs on (which may be newer than the headers the package was built against). CurlHTTP
    /// opens libcurl when it is first needed, so reading this loads it; if it cannot be loaded, ``version`` is
    /// ``unavailable``, the other fields are empty and ``summary`` says so.
    public static var current: LibcurlVersion {
        // curl_version_info returns a pointer to a static struct inside libcurl that lives as long as the process
        // (ccurl_version_info NULL only if libcurl could not be loaded); its strings are static too, and each is copied
        // into a Swift String before this returns. Fields newer than the struct's `age` are not read.
        guard let loaded = ccurl_version_info() else {
            return LibcurlVersion(version: unavailable, tlsLibrary: nil, nghttp2Version: nil, supportsHTTP2: false)
        }
        let info = loaded.pointee
        let hasHTTP2Fields = info.age.rawValue >= CURLVERSION_SIXTH.rawValue
        return LibcurlVersion(
            version: info.version.map { String(cString: $0) } ?? "unknown",
            tlsLibrary: info.ssl_version.map { String(cString: $0) },
            nghttp2Version: hasHTTP2Fields ? info.nghttp2_version.map { String(cString: $0) } : nil,
            supportsHTTP2: info.features & Int32(CURL_VERSION_HTTP2) != 0)
    }

    /// ``version`` when libcurl could not be loaded.
    public static let unavailable = "unavailable"

    /// The version of the libcurl headers CurlHTTP was built against, such as "7.88.1" (`LIBCURL_VERSION`): known
    /// without loading libcurl, which costs a process about 12 M instructions and 5 MB (its thirty libraries), so a
    /// tool can name it where loading would be most of the work. ``current`` is the one the process runs on.
    public static let headers: String = LIBCURL_VERSION

    /// The libraries that matter for HTTP, as `curl -V` names them: "libcurl/7.88.1 OpenSSL/3.0.17 nghttp2/1.52.0".
    /// Without HTTP/2 support it ends with "no HTTP/2" rather than leaving the reader to guess.
    public var summary: String {
        if version == Self.unavailable { return "libcurl unavailable" }
        var parts = ["libcurl/\(version)"]
        if let tlsLibrary { parts.append(tlsLibrary) }
        parts.append(supportsHTTP2 ? nghttp2Version.map { "nghttp2/\($0)" } ?? "HTTP/2" : "no HTTP/2")
        return parts.joined(separator: " ")
    }
}
