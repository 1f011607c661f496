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
        let version = request.head.version
        var echo = JSONValue.strings([
            "method": request.head.method.rawValue, "uri": request.head.uri,
            "version": "HTTP/\(version.major).\(version.minor)",
        ])
        echo["headers"] = .object(names.map { JSONValue.Member(key: $0, value: .string(values[$0]!)) })
        echo["body"] = .string(request.body.map { String(buffer: $0) } ?? "")
        return Answer(status: .ok, headers: jsonHeaders, body: ByteBuffer(string: echo.text(.pretty)))
    }
}
