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
        // Written a period (251 bytes) at a time: a byte at a time, a debug build takes seconds
        // for a few megabytes.
        let period = (0..<251).map { UInt8($0) }
        var body = ByteBuffer()
        body.reserveCapacity(count - start)
        var index = start
        while index < count {
            let phase = index % 251
            let length = min(251 - phase, count - index)
            body.writeBytes(period[phase..<phase + length])
            index += length
        }
        var headers = [("Content-Type", "application/octet-stream"), ("ETag", etag)]
        guard start > 0 else { return (.ok, headers, body) }
        headers.append(("Content-Range", "bytes \(start)-\(count - 1)/\(count)"))
        return (.partialContent, headers, body)
    }
}
