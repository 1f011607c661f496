/// The package's own version, for the User-Agent.
public enum CurlHTTP {
    public static let version = "0.1.0"
}
