import NIOCore
import NIOHTTP1

/// The fixed bodies the mock server answers with besides the forecasts.
enum CannedBody {
    /// The real API's answer (with HTTP 200) to an ID outside the catalog.
    static let invalidCity = ByteBuffer(string: apiError("The specified city ID is invalid."))

    /// The API framework's 404 body (JSON for `api/*`), which clients should not rely on.
    static let notFound = ByteBuffer(string: JSONValue.strings(["message": "Not Found"]).text(.pretty))

    /// The agency's server's 404 page (Apache's), for a file it does not have.
    static let agencyNotFound = ByteBuffer(
        string: """
            <!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
            <html><head>
            <title>404 Not Found</title>
            </head><body>
            <h1>Not Found</h1>
            <p>The requested URL was not found on this server.</p>
            </body></html>

            """
    )

    static let methodNotAllowed = ByteBuffer(
        string: JSONValue.strings(["message": "The method is not supported for this route."]).text(.pretty))

    /// The error page of ``Fault/html``: what a proxy or a crashed framework serves instead of JSON.
    static let htmlErrorPage = ByteBuffer(
        string: """
            <!DOCTYPE html>
            <html lang="ja">
            <head>
                <meta charset="utf-8">
                <title>Server Error</title>
            </head>
            <body>
                <h1>500 | Server Error</h1>
                <p>The server is temporarily unable to handle the request.</p>
            </body>
            </html>

            """
    )

    /// The API's error object, pretty-printed like the real one: `{\n    "error": "…"\n}`.
    static func apiError(_ message: String) -> String {
        JSONValue.strings(["error": message]).text(.pretty)
    }

    /// A short `text/plain` body for ``Fault/status(_:retryAfter:)``, e.g. "503 Service Unavailable\n".
    static func statusText(_ status: HTTPResponseStatus) -> ByteBuffer {
        ByteBuffer(string: "\(status.code) \(status.reasonPhrase)\n")
    }

    /// `body` cut in the middle, at an ASCII byte so the result stays valid UTF-8 but not valid
    /// JSON (``Fault/malformedJSON``).
    static func malformed(_ body: ByteBuffer) -> ByteBuffer {
        let bytes = body.readableBytesView
        var cut = bytes.startIndex + bytes.count / 2
        while cut > bytes.startIndex, bytes[cut] >= 0x80 {
            cut -= 1
        }
        return body.getSlice(at: body.readerIndex, length: cut - bytes.startIndex) ?? ByteBuffer()
    }
}
