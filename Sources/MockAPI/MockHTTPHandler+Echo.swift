import NIOCore
import NIOHTTP1

/// The `/echo` helper route: the request described back as JSON, so tests can check what a
/// client sends.
extension MockHTTPHandler {
    /// `{"method", "uri", "version", "headers": {lowercased name: value}, "body"}`, pretty-printed.
    /// A header sent several times has its values joined with ", "; the body is decoded as UTF-8
    /// (invalid bytes become U+FFFD).
    static func echo(_ request: PendingRequest) -> Answer {
        var names: [String] = []
        var values: [String: String] = [:]
        for (name, value) in request.head.headers {
            let key = name.lowercased()
            if let previous = values[key] {
                values[key] = previous + ", " + value
            } else {
                names.append(key)
                values[key] = value
            }
        }
        let headers = JSONText.object(names.map { .string($0, values[$0]!) }, indent: 4)
        let body = request.body.map { String(buffer: $0) } ?? ""
        let version = request.head.version
        let text = JSONText.object([
            .string("method", request.head.method.rawValue),
            .string("uri", request.head.uri),
            .string("version", "HTTP/\(version.major).\(version.minor)"),
            .raw("headers", headers),
            .string("body", body),
        ])
        return Answer(status: .ok, headers: jsonHeaders, body: ByteBuffer(string: text))
    }
}
