/// A transfer that failed below HTTP: name lookup, connection, proxy, TLS, timeout, a cut body, a redirect, a deadline.
///
/// It carries libcurl's `CURLcode`, libcurl's own message for it (`curl_easy_strerror`) and the
/// more specific text libcurl left in the error buffer (`CURLOPT_ERRORBUFFER`).
public struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in the terms a caller acts on.
    ///
    /// A struct over a private name rather than a public enum, as async-http-client's
    /// `HTTPClientError` is: a new kind is a new static value, so adding one breaks no caller's
    /// `switch`. Compare with `==` (`error.kind == .timedOut`) or put kinds in a `Set`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The kind's name as written here: "timedOut", "untrustedCertificate".
        public var description: String { name }

        /// The host name did not resolve (libcurl: `CURLE_COULDNT_RESOLVE_HOST`).
        public static let couldNotResolveHost = Kind("couldNotResolveHost")
        /// No connection could be made: the network or the host is unreachable (libcurl: `CURLE_COULDNT_CONNECT`).
        public static let couldNotConnect = Kind("couldNotConnect")
        /// Nothing listens at the server's address and port: the connection was refused (a `CURLE_COULDNT_CONNECT`
        /// whose system error is `ECONNREFUSED`). The server is down or the port is wrong, which asking again at once
        /// does not mend: not retried by default, as curl's `--retry` does not retry it without `--retry-connrefused`.
        public static let connectionRefused = Kind("connectionRefused")
        /// The attempt took longer than its total or connect timeout.
        public static let timedOut = Kind("timedOut")
        /// The server closed or reset the connection before a complete response.
        public static let connectionReset = Kind("connectionReset")
        /// The body was cut short: fewer bytes arrived than `Content-Length` announced.
        public static let partialBody = Kind("partialBody")
        /// The body grew past the request's size limit.
        public static let bodyTooLarge = Kind("bodyTooLarge")
        /// The request was redirected more often than `RequestOptions.maxRedirects` allows.
        public static let tooManyRedirects = Kind("tooManyRedirects")
        /// A URL or a redirect used a protocol other than http or https.
        public static let protocolNotAllowed = Kind("protocolNotAllowed")
        /// The URL could not be parsed.
        public static let malformedURL = Kind("malformedURL")
        /// The server's certificate chain leads to no CA that is trusted (see ``TrustRoots``).
        public static let untrustedCertificate = Kind("untrustedCertificate")
        /// The server's certificate is valid, but for another host name or address.
        public static let certificateNameMismatch = Kind("certificateNameMismatch")
        /// The server's certificate has expired, or is not valid yet.
        public static let expiredCertificate = Kind("expiredCertificate")
        /// The TLS handshake failed before any certificate was judged: no common version or cipher, or no TLS at all.
        public static let tlsHandshakeFailed = Kind("tlsHandshakeFailed")
        /// The CA file or directory named to trust could not be read.
        public static let unreadableTrustStore = Kind("unreadableTrustStore")
        /// The proxy refused to open a tunnel to the server: it answered `CONNECT` with an error
        /// status (``CurlError/proxyStatus``), such as 403 for a port it does not tunnel to, or
        /// 407 for missing credentials. Not transient, and not a reset: never retried by default.
        public static let proxyTunnelRefused = Kind("proxyTunnelRefused")
        /// The request's deadline (``RequestOptions/deadline``) passed before it finished: while it waited for its
        /// turn, during an attempt, or while it waited to try again. Never retried.
        public static let deadlineExceeded = Kind("deadlineExceeded")
        /// The session's multi handle failed (``CurlError/multiCode`` says how): every transfer of the session ends so.
        public static let multiHandleFailed = Kind("multiHandleFailed")
        /// The server answered 401 to the credentials of ``Request/authenticate(username:password:)``:
        /// a wrong user or password. Never retried.
        public static let authenticationFailed = Kind("authenticationFailed")
        /// Any other failure; `code` and `message` say which.
        public static let other = Kind("other")

        /// True for the TLS failures; none of them is transient, and none is retried.
        public var isTLS: Bool {
            [.untrustedCertificate, .certificateNameMismatch, .expiredCertificate, .tlsHandshakeFailed, .unreadableTrustStore]
                .contains(self)
        }
    }

    /// A libcurl `CURLcode` value.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The `CURLcode` number.
        public let rawValue: Int32
        /// The code with this number.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// libcurl: `CURLE_UNSUPPORTED_PROTOCOL`.
        public static let unsupportedProtocol = Code(rawValue: 1)
        /// libcurl: `CURLE_URL_MALFORMAT`.
        public static let urlMalformat = Code(rawValue: 3)
        /// libcurl: `CURLE_COULDNT_RESOLVE_HOST`.
        public static let couldNotResolveHost = Code(rawValue: 6)
        /// libcurl: `CURLE_COULDNT_CONNECT`.
        public static let couldNotConnect = Code(rawValue: 7)
        /// libcurl: `CURLE_HTTP2`, a framing or protocol error on an HTTP/2 connection.
        public static let http2 = Code(rawValue: 16)
        /// libcurl: `CURLE_PARTIAL_FILE`.
        public static let partialFile = Code(rawValue: 18)
        /// libcurl: `CURLE_WRITE_ERROR`.
        public static let writeError = Code(rawValue: 23)
        /// libcurl: `CURLE_OUT_OF_MEMORY`.
        public static let outOfMemory = Code(rawValue: 27)
        /// libcurl: `CURLE_OPERATION_TIMEDOUT`.
        public static let operationTimedOut = Code(rawValue: 28)
        /// libcurl: `CURLE_SSL_CONNECT_ERROR`.
        public static let sslConnectError = Code(rawValue: 35)
        /// libcurl: `CURLE_TOO_MANY_REDIRECTS`.
        public static let tooManyRedirects = Code(rawValue: 47)
        /// libcurl: `CURLE_GOT_NOTHING`.
        public static let gotNothing = Code(rawValue: 52)
        /// libcurl: `CURLE_SEND_ERROR`.
        public static let sendError = Code(rawValue: 55)
        /// libcurl: `CURLE_RECV_ERROR`.
        public static let recvError = Code(rawValue: 56)
        /// libcurl: `CURLE_SSL_CERTPROBLEM`, a problem with the local client certificate.
        public static let sslCertificateProblem = Code(rawValue: 58)
        /// libcurl: `CURLE_SSL_CIPHER`, no cipher both sides accept.
        public static let sslCipher = Code(rawValue: 59)
        /// libcurl: `CURLE_PEER_FAILED_VERIFICATION`.
        public static let peerFailedVerification = Code(rawValue: 60)
        /// libcurl: `CURLE_FILESIZE_EXCEEDED`.
        public static let fileSizeExceeded = Code(rawValue: 63)
        /// libcurl: `CURLE_SSL_CACERT_BADFILE`, the CA file or directory could not be read.
        public static let sslCACertificateBadFile = Code(rawValue: 77)
        /// libcurl: `CURLE_SSL_ISSUER_ERROR`.
        public static let sslIssuerError = Code(rawValue: 83)
        /// libcurl: `CURLE_HTTP2_STREAM`: the server reset one HTTP/2 stream (`RST_STREAM`), HTTP/2's form of a reset.
        public static let http2Stream = Code(rawValue: 92)

        /// "CURLcode 28", for messages.
        public var description: String { "CURLcode \(rawValue)" }
    }

    /// A libcurl `CURLMcode` value: what the multi handle of a session reported.
    public struct MultiCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The `CURLMcode` number.
        public let rawValue: Int32
        /// The code with this number.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `CURLM_BAD_HANDLE`: the multi handle is not (or no longer) valid.
        public static let badHandle = MultiCode(rawValue: 1)
        /// `CURLM_OUT_OF_MEMORY`.
        public static let outOfMemory = MultiCode(rawValue: 3)

        /// "CURLMcode 1", for messages.
        public var description: String { "CURLMcode \(rawValue)" }
    }

    /// What went wrong, in the terms a caller acts on.
    public let kind: Kind
    /// libcurl's `CURLcode` for a failed transfer; nil when the multi handle failed instead.
    public let code: Code?
    /// libcurl's `CURLMcode` when the session's multi handle failed (kind ``Kind/multiHandleFailed``).
    public let multiCode: MultiCode?
    /// libcurl's message for the code (`curl_easy_strerror` or `curl_multi_strerror`).
    public let message: String
    /// The error buffer's text, often naming the host, the byte counts or the timeout; may be empty.
    public let detail: String
    /// The URL that was requested.
    public let url: String
    /// How many attempts were made, counting the first.
    public internal(set) var attempts: Int
    /// The timeout one attempt ran into (kind ``Kind/timedOut``). libcurl: `CURLOPT_TIMEOUT_MS`.
    public let timeout: Duration?
    /// The body size limit that was passed, in bytes (``Kind/bodyTooLarge``). libcurl: `CURLOPT_MAXFILESIZE_LARGE`.
    public let maxBodySize: Int?
    /// The redirect limit that was passed (kind ``Kind/tooManyRedirects``). libcurl: `CURLOPT_MAXREDIRS`.
    public let maxRedirects: Int?
    /// The proxy's status answering `CONNECT` (``Kind/proxyTunnelRefused``). libcurl: `CURLINFO_HTTP_CONNECTCODE`.
    public let proxyStatus: Int?

    /// Creates an error; CurlHTTP makes them from libcurl's results, so this is for tests.
    public init(
        kind: Kind, code: Code? = nil, multiCode: MultiCode? = nil, message: String, detail: String = "",
        url: String = "", attempts: Int = 1, timeout: Duration? = nil, maxBodySize: Int? = nil,
        maxRedirects: Int? = nil, proxyStatus: Int? = nil
    ) {
        self.kind = kind
        self.code = code
        self.multiCode = multiCode
        self.message = message
        self.detail = detail
        self.url = url
        self.attempts = attempts
        self.timeout = timeout
        self.maxBodySize = maxBodySize
        self.maxRedirects = maxRedirects
        self.proxyStatus = proxyStatus
    }

    /// The kind a bare `CURLcode` stands for. A failed certificate check (`CURLE_PEER_FAILED_VERIFICATION`) counts as
    /// untrusted here; ``kind(of:verifyResult:detail:)`` tells its causes apart.
    static func kind(of code: Code) -> Kind {
        switch code {
        case .couldNotResolveHost: .couldNotResolveHost
        case .couldNotConnect: .couldNotConnect
        case .operationTimedOut: .timedOut
        case .gotNothing, .sendError, .recvError, .http2Stream: .connectionReset
        case .partialFile: .partialBody
        case .fileSizeExceeded: .bodyTooLarge
        case .tooManyRedirects: .tooManyRedirects
        case .unsupportedProtocol: .protocolNotAllowed
        case .urlMalformat: .malformedURL
        case .sslConnectError, .sslCipher, .sslCertificateProblem: .tlsHandshakeFailed
        case .peerFailedVerification, .sslIssuerError: .untrustedCertificate
        case .sslCACertificateBadFile: .unreadableTrustStore
        default: .other
        }
    }

    /// The kind of a failed transfer, using what libcurl knows of a failed certificate check:
    /// OpenSSL's verification result (`CURLINFO_SSL_VERIFYRESULT`) and the error buffer, where
    /// libcurl's own host-name check leaves "no alternative certificate subject name matches
    /// target host name" (it runs after OpenSSL's chain check, which then reports success).
    static func kind(of code: Code, verifyResult: Int, detail: String) -> Kind {
        guard code == .peerFailedVerification else { return kind(of: code) }
        switch verifyResult {
        case 9, 10: return .expiredCertificate  // X509_V_ERR_CERT_NOT_YET_VALID, X509_V_ERR_CERT_HAS_EXPIRED
        case 62, 64: return .certificateNameMismatch  // X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH
        default:
            let lower = detail.lowercased()
            if lower.contains("subject name") || lower.contains("does not match target host") { return .certificateNameMismatch }
            if lower.contains("expired") || lower.contains("not yet valid") { return .expiredCertificate }
            return .untrustedCertificate
        }
    }

    /// What happened, in words a person reads: "timed out after 15 s", "the response was cut
    /// short (…) after 3 attempts".
    public var description: String {
        let reason: String = switch kind {
        case .multiHandleFailed: "the HTTP engine failed (\(detailOrMessage))"
        case .couldNotResolveHost:
            // libcurl's detail is "Could not resolve host: NAME": say it once, in our words.
            detail.hasPrefix(Self.unresolvedHost)
                ? "could not resolve host \(detail.dropFirst(Self.unresolvedHost.count)) (no network, or a wrong host name?)"
                : "could not resolve host (\(detailOrMessage))"
        case .couldNotConnect: "could not connect (\(detailOrMessage))"
        case .connectionRefused: "the connection was refused: nothing listens at \(Endpoint(url: url).authority)"
        case .timedOut: timeout.map { "timed out after \(Self.format(seconds: $0)) s" } ?? "timed out"
        case .connectionReset:
            code == .gotNothing
                ? "the server closed the connection without answering"
                : "the connection was reset (\(detailOrMessage))"
        case .partialBody: "the response was cut short (\(detailOrMessage))"
        case .bodyTooLarge:
            maxBodySize.map { "the response is larger than the \($0)-byte limit" } ?? "the response is larger than the size limit"
        case .tooManyRedirects: maxRedirects.map { "too many redirects (more than \($0))" } ?? "too many redirects"
        case .protocolNotAllowed: "refused a URL or redirect that is not http or https (\(detailOrMessage))"
        case .malformedURL: "the URL is not valid (\(detailOrMessage))"
        case .untrustedCertificate: "the server's certificate is not trusted (\(detailOrMessage))"
        case .certificateNameMismatch: "the server's certificate is for another host name (\(detailOrMessage))"
        case .expiredCertificate:
            detail.lowercased().contains("not yet valid")
                ? "the server's certificate is not valid yet (\(detailOrMessage))"
                : "the server's certificate has expired (\(detailOrMessage))"
        case .tlsHandshakeFailed: "the TLS handshake failed (\(detailOrMessage))"
        case .unreadableTrustStore: "the trusted CA certificates could not be read (\(detailOrMessage))"
        case .proxyTunnelRefused: proxyStatus.map { "the proxy refused the tunnel: HTTP \($0)" } ?? "the proxy refused the tunnel"
        case .deadlineExceeded: "the deadline passed"
        case .authenticationFailed: "the server refused the user and password (HTTP 401)"
        default: code.map { "\(detailOrMessage) (curl error \($0.rawValue))" } ?? detailOrMessage
        }
        guard attempts > 1 else { return reason }
        // "timed out after 15 s after 3 attempts" would stumble; the other reasons read well with "after".
        return kind == .timedOut ? "\(reason), \(attempts) attempts" : "\(reason) after \(attempts) attempts"
    }

    private var detailOrMessage: String { detail.isEmpty ? message : detail }

    private static let unresolvedHost = "Could not resolve host: "

    /// Seconds without a trailing ".0": 15 → "15", 0.5 → "0.5"; a number too large for an
    /// `Int` keeps Double's form. Forecast's messages ("gave up after 2 s") use it too.
    package static func format(seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    static func format(seconds duration: Duration) -> String {
        format(seconds: duration / .seconds(1))
    }
}
