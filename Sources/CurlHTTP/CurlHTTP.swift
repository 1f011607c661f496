/// The package's own version.
public enum CurlHTTP {
    /// The version of this package (CurlHTTP, Forecast and the `forecast` command share it),
    /// such as "0.2.0": the one place it is written. The User-Agent, `forecast --version`, the
    /// man page and the Debian package all read it from here.
    public static let version = "0.2.0"
}
