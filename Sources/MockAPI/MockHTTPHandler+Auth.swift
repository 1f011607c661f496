import NIOCore
import NIOHTTP1

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MockHTTPHandler {
    /// The `Authorization` value of HTTP Basic for `user` and `password` (RFC 7617).
    static func basicCredentials(user: String, password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

extension MockHTTPHandler {
    /// `/pattern/{count}`: the whole body, or from the `Range`'s start (206) when no `If-Range`
    /// names another validator than the body's ETag.
    static func pattern(_ count: Int, request head: HTTPRequestHead) -> (HTTPResponseStatus, [(String, String)], ByteBuffer) {
        let etag = "\"pattern-\(count)\""
        var start = 0
        if let range = head.headers.first(name: "range"), range.hasPrefix("bytes="), range.hasSuffix("-"),
           let from = Int(range.dropFirst("bytes=".count).dropLast()), from < count,
           head.headers.first(name: "if-range").map({ $0 == etag }) ?? true {
            start = from
        }
        var body = ByteBuffer()
        body.reserveCapacity(count - start)
        for index in start..<count {
            body.writeInteger(UInt8(index % 251))
        }
        var headers = [("Content-Type", "application/octet-stream"), ("ETag", etag)]
        guard start > 0 else { return (.ok, headers, body) }
        headers.append(("Content-Range", "bytes \(start)-\(count - 1)/\(count)"))
        return (.partialContent, headers, body)
    }
}
