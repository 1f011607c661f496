/// A transfer that failed below HTTP: name lookup, connection, timeout, a cut body, a refused redirect.
///
/// It carries libcurl's `CURLcode`, libcurl's own message for it (`curl_easy_strerror`) and the
/// more specific text libcurl left in the error buffer (`CURLOPT_ERRORBUFFER`).
public struct CurlError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the terms a caller acts on.
    public enum Kind: Sendable, Equatable {
        /// The host name did not resolve (libcurl: `CURLE_COULDNT_RESOLVE_HOST`).
        case couldNotResolveHost
        /// No connection could be made: refused, unreachable (libcurl: `CURLE_COULDNT_CONNECT`).
        case couldNotConnect
        /// The attempt took longer than its total or connect timeout.
        case timedOut
        /// The server closed or reset the connection before a complete response.
        case connectionReset
        /// The body was cut short: fewer bytes arrived than `Content-Length` announced.
        case partialBody
        /// The body grew past the request's size limit.
        case bodyTooLarge
        /// The request was redirected more often than `RequestOptions.maxRedirects` allows.
        case tooManyRedirects
        /// A URL or a redirect used a protocol other than http or https.
        case protocolNotAllowed
        /// The URL could not be parsed.
        case malformedURL
        /// The TLS handshake or the server's certificate failed.
        case tls
        /// Any other failure; `code` and `message` say which.
        case other
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
        /// libcurl: `CURLE_PEER_FAILED_VERIFICATION`.
        public static let peerFailedVerification = Code(rawValue: 60)
        /// libcurl: `CURLE_FILESIZE_EXCEEDED`.
        public static let fileSizeExceeded = Code(rawValue: 63)

        /// "CURLcode 28", for messages.
        public var description: String { "CURLcode \(rawValue)" }
    }

    /// What went wrong, in the terms a caller acts on.
    public let kind: Kind
    /// libcurl's code for the failure.
    public let code: Code
    /// libcurl's message for `code` (`curl_easy_strerror`).
    public let message: String
    /// The error buffer's text, often naming the host, the byte counts or the timeout; may be empty.
    public let detail: String
    /// The URL that was requested.
    public let url: String
    /// How many attempts were made, counting the first.
    public internal(set) var attempts: Int
    /// The limit that was hit, for `timedOut` (seconds), `bodyTooLarge` (bytes) and `tooManyRedirects`.
    public let limit: Double?

    /// Creates an error; CurlHTTP makes them from libcurl's results, so this is for tests.
    public init(
        kind: Kind, code: Code, message: String, detail: String = "", url: String = "",
        attempts: Int = 1, limit: Double? = nil
    ) {
        self.kind = kind
        self.code = code
        self.message = message
        self.detail = detail
        self.url = url
        self.attempts = attempts
        self.limit = limit
    }

    /// The kind a bare `CURLcode` stands for.
    static func kind(of code: Code) -> Kind {
        switch code {
        case .couldNotResolveHost: .couldNotResolveHost
        case .couldNotConnect: .couldNotConnect
        case .operationTimedOut: .timedOut
        case .gotNothing, .sendError, .recvError: .connectionReset
        case .partialFile: .partialBody
        case .fileSizeExceeded: .bodyTooLarge
        case .tooManyRedirects: .tooManyRedirects
        case .unsupportedProtocol: .protocolNotAllowed
        case .urlMalformat: .malformedURL
        case .sslConnectError, .peerFailedVerification: .tls
        default: .other
        }
    }

    public var description: String {
        let reason: String
        switch kind {
        case .couldNotResolveHost:
            // libcurl's detail is "Could not resolve host: NAME": say it once, in our words.
            let prefix = "Could not resolve host: "
            reason = detail.hasPrefix(prefix)
                ? "could not resolve host \(detail.dropFirst(prefix.count)) (no network, or a wrong host name?)"
                : "could not resolve host (\(detailOrMessage))"
        case .couldNotConnect:
            reason = "could not connect (\(detailOrMessage))"
        case .timedOut:
            reason = limit.map { "timed out after \(Self.format(seconds: $0)) s" } ?? "timed out"
        case .connectionReset:
            reason = code == .gotNothing
                ? "the server closed the connection without answering"
                : "the connection was reset (\(detailOrMessage))"
        case .partialBody:
            reason = "the response was cut short (\(detailOrMessage))"
        case .bodyTooLarge:
            reason = limit.map { "the response is larger than the \(Int($0))-byte limit" }
                ?? "the response is larger than the size limit"
        case .tooManyRedirects:
            reason = limit.map { "too many redirects (more than \(Int($0)))" } ?? "too many redirects"
        case .protocolNotAllowed:
            reason = "refused a URL or redirect that is not http or https (\(detailOrMessage))"
        case .malformedURL:
            reason = "the URL is not valid (\(detailOrMessage))"
        case .tls:
            reason = "TLS failed (\(detailOrMessage))"
        case .other:
            reason = "\(detailOrMessage) (curl error \(code.rawValue))"
        }
        guard attempts > 1 else { return reason }
        // "timed out after 15 s after 3 attempts" would stumble; the other reasons read well
        // with "after", as "HTTP 503 after 3 attempts" does.
        return kind == .timedOut ? "\(reason), \(attempts) attempts" : "\(reason) after \(attempts) attempts"
    }

    private var detailOrMessage: String {
        detail.isEmpty ? message : detail
    }

    /// Seconds without a trailing ".0": 15 → "15", 0.5 → "0.5".
    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
