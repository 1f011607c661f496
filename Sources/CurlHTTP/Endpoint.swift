/// Where requests go: the scheme, host and port of a URL, parsed once.
///
/// A session paces on ``host``; a caller keys what it keeps per server (a cache) on
/// ``authority``. Both come from this one parser, so they cannot disagree about a URL.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// Lower-case: "https", "http"; empty when the URL names none.
    public let scheme: String
    /// Lower-case, without the brackets of an IPv6 address: "weather.tsukumijima.net", "::1".
    public let host: String
    /// The port the URL names, if it names one.
    public let port: Int?

    /// An endpoint from its parts; the scheme and host are lowercased.
    public init(scheme: String, host: String, port: Int? = nil) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port
    }

    /// The endpoint of a URL such as "https://user@example.com:8443/path?query": everything
    /// between "://" (or the start) and the first "/", "?" or "#", without user information.
    public init(url: String) {
        // Read as UTF-8 bytes: every delimiter is ASCII, and walking a String's Characters (grapheme
        // clusters) costs several times as much, at every start. No `firstRange(of:)` either: it is
        // _StringProcessing's, whose code a run would otherwise map in for this alone (see Forecast's
        // ByteSearch).
        let bytes = url.utf8
        var start = bytes.startIndex
        var scheme = Substring()
        // The first "://", found colon by colon.
        var searchFrom = start
        while let colon = bytes[searchFrom...].firstIndex(of: UInt8(ascii: ":")) {
            if bytes[colon...].starts(with: "://".utf8) {
                scheme = url[..<colon]
                start = bytes.index(colon, offsetBy: 3)
                break
            }
            searchFrom = bytes.index(after: colon)
        }
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = bytes.index(after: at) }
        var host = url[start..<end]
        var port: Int?
        if start < end, bytes[start] == UInt8(ascii: "["), let close = bytes[start..<end].firstIndex(of: UInt8(ascii: "]")) {
            host = url[bytes.index(after: start)..<close]
            let after = bytes.index(after: close)
            if after < end, bytes[after] == UInt8(ascii: ":") { port = Int(url[bytes.index(after: after)..<end]) }
        } else if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) {
            host = url[start..<colon]
            port = Int(url[bytes.index(after: colon)..<end])
        }
        self.init(scheme: String(scheme), host: String(host), port: port)
    }

    /// True for https.
    public var isHTTPS: Bool { scheme == "https" }

    /// The host with its port if the URL named one ("127.0.0.1:8080", "[::1]:8080", "weather.tsukumijima.net").
    public var authority: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(name):\($0)" } ?? name
    }

    public var description: String {
        scheme.isEmpty ? authority : "\(scheme)://\(authority)"
    }
}
