import NIOCore
import NIOHTTP1

/// The `/echo` helper route: the request described back as JSON, so tests can check what a client sends.
extension MockHTTPHandler {
    /// `{"method", "uri", "version", "headers": {lowercased name: value}, "body"}`, pretty-printed. A header sent
    /// several times has its values joined with ", "; the body is decoded as UTF-8 (invalid bytes become U+FFFD).
    static func echo(_ request: PendingRequest) -> Answer {
        var headers = JSONValue.object([])
        for (name, value) in request.head.headers {
            headers[name.lowercased()] = .string(headers[name.lowercased()].string.map { $0 + ", " + value } ?? value)
        }
        let version = request.head.version
        var echo = JSONValue.strings([
            "method": request.head.method.rawValue, "uri": request.head.uri,
            "version": "HTTP/\(version.major).\(version.minor)",
        ])
        echo["headers"] = headers
        echo["body"] = .string(request.body.map { String(buffer: $0) } ?? "")
        return Answer(status: .ok, headers: jsonHeaders, body: ByteBuffer(string: echo.text(.pretty)))
    }
}
