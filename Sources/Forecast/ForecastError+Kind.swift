import CurlHTTP

extension ForecastError {
    /// What kind of failure a ``ForecastError`` is, in one word a script can compare: the
    /// `error_kind` of a failed city in the JSON output.
    ///
    /// A struct over its word rather than an enum, so that a new kind breaks no caller's
    /// `switch`; compare with `==` (`error.kind == .timeout`).
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The word: "timeout", "dns", "tls", ….
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// An attempt ran into its `--timeout`.
        public static let timeout = Kind(rawValue: "timeout")
        /// The host name could not be resolved.
        public static let dns = Kind(rawValue: "dns")
        /// No connection could be made (refused, unreachable).
        public static let connect = Kind(rawValue: "connect")
        /// The connection broke: reset, closed without an answer, or a body cut short.
        public static let connection = Kind(rawValue: "connection")
        /// TLS refused: an untrusted, mismatched or expired certificate, a failed handshake, an unreadable CA store.
        public static let tls = Kind(rawValue: "tls")
        /// The server answered with an HTTP status other than 2xx.
        public static let http = Kind(rawValue: "http")
        /// The API answered `{"error": "…"}`.
        public static let api = Kind(rawValue: "api")
        /// The body was not JSON, or not a forecast.
        public static let decode = Kind(rawValue: "decode")
        /// The body was larger than the size limit.
        public static let size = Kind(rawValue: "size")
        /// Too many redirects, or a redirect to a scheme other than http and https.
        public static let redirect = Kind(rawValue: "redirect")
        /// A proxy refused to open the tunnel to the server (its answer to `CONNECT`).
        public static let proxy = Kind(rawValue: "proxy")
        /// The run's `--max-time` passed before the city was done.
        public static let deadline = Kind(rawValue: "deadline")
        /// The agency's file has no forecast for the city's area.
        public static let area = Kind(rawValue: "area")
        /// The request was cancelled (Ctrl-C, or the stream of results was ended).
        public static let cancelled = Kind(rawValue: "cancelled")
        /// Anything else: a malformed URL, a failure of the HTTP engine itself.
        public static let other = Kind(rawValue: "other")

        public var description: String { rawValue }
    }

    /// The kind of this failure.
    public var kind: Kind {
        switch self {
        case .api: .api
        case .notJSON, .invalidResponse: .decode
        case .http: .http
        case .transport(let error): Self.kind(of: error)
        case .deadline: .deadline
        case .notInAgencyFile: .area
        case .other: .other
        case .cancelled: .cancelled
        case .slow: .timeout
        case .alsoFailed(let first, _): first.kind
        case .inFile(_, let error): error.kind
        }
    }

    /// The kind of a failure below HTTP.
    static func kind(of error: CurlError) -> Kind {
        if error.kind.isTLS { return .tls }
        switch error.kind {
        case .timedOut: return .timeout
        case .couldNotResolveHost: return .dns
        case .couldNotConnect, .connectionRefused: return .connect
        case .connectionReset, .partialBody: return .connection
        case .bodyTooLarge: return .size
        case .tooManyRedirects, .protocolNotAllowed: return .redirect
        case .proxyTunnelRefused: return .proxy
        default: return .other
        }
    }

    /// The failure of the first source, for one that a fallback failed after
    /// (``ForecastError/alsoFailed(first:fallback:)``); the failure met in a file, for one that
    /// names it (``ForecastError/inFile(_:_:)``); the failure itself for any other.
    public var primary: ForecastError {
        switch self {
        case .alsoFailed(let first, _): first.primary
        case .inFile(_, let error): error.primary
        default: self
        }
    }

    /// True when an attempt ran into its timeout.
    public var isTimeout: Bool { kind == .timeout }
    /// True when the host name could not be resolved.
    public var isDNS: Bool { kind == .dns }
    /// True when TLS refused the connection.
    public var isTLS: Bool { kind == .tls }
    /// True when the server's TLS certificate was refused because no trusted CA vouches for
    /// it: the case a private CA (a self-hosted API, a company proxy) explains.
    public var isUntrustedCertificate: Bool { transportError?.kind == .untrustedCertificate }
    /// The HTTP status the server answered with, when that is the failure.
    public var httpStatus: Int? {
        if case .http(let status, _) = primary { return status }
        return nil
    }
    /// The CurlHTTP error below this one, for a failure below HTTP.
    public var transportError: CurlError? {
        if case .transport(let error) = primary { return error }
        return nil
    }
}
