import CurlHTTP

extension ForecastVersion {
    /// The tool's version with the libraries its transfers depend on, as `forecast --version`
    /// prints it: "forecast 0.2.0 (libcurl/7.88.1 OpenSSL/3.0.17 nghttp2/1.52.0)".
    ///
    /// libcurl is loaded at run time, so this names the one in use, not the one built against.
    public static var versionLine: String {
        "forecast \(current) (\(LibcurlVersion.current.summary))"
    }
}
