/// The package's own version.
public enum CurlHTTP {
    /// The version of this package (CurlHTTP, Forecast and the `forecast` command share it), e.g. "0.3.0": the one
    /// place it is written. The User-Agent, `forecast --version`, the man page and the Debian package read it here.
    public static let version = "0.3.0"
}
