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
        var rest = Substring(url)
        var scheme = ""
        // The first "://", found colon by colon: `firstRange(of:)` is _StringProcessing's, whose
        // code a run would otherwise map in for this alone (see Forecast's ByteSearch).
        var searchFrom = rest.startIndex
        while let colon = rest[searchFrom...].firstIndex(of: ":") {
            if rest[colon...].hasPrefix("://") {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(colon, offsetBy: 3)...]
                break
            }
            searchFrom = rest.index(after: colon)
        }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        var host = rest
        var port: Int?
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { port = Int(after.dropFirst()) }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            port = Int(rest[rest.index(after: colon)...])
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
