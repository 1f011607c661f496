import NIOCore
import NIOHTTP1

/// Writing responses: heads with the right framing and connection headers, bodies, and closing
/// connections that are not kept alive.
extension MockHTTPHandler {
    /// A JSON body without the API's extra headers.
    static let jsonHeaders: [(String, String)] = [("Content-Type", "application/json")]

    /// Writes a complete response with a `Content-Length` body and ends the request.
    ///
    /// The request leaves ``MockStats/inFlight`` before the first byte is written, so a client
    /// that has read the response always finds it counted as ended.
    func respond(
        _ request: PendingRequest, status: HTTPResponseStatus, headers: [(String, String)], body: ByteBuffer,
        context: ChannelHandlerContext
    ) {
        self.endRequest()
        self.writeHead(request, status: status, headers: headers, contentLength: body.readableBytes, context: context)
        if !request.isHead, body.readableBytes > 0 {
            context.write(self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        self.writeEnd(keepAlive: request.keepAlive, context: context)
    }

    func respond(_ request: PendingRequest, _ answer: Answer, context: ChannelHandlerContext) {
        self.respond(request, status: answer.status, headers: answer.headers, body: answer.body, context: context)
    }

    func redirect(
        _ request: PendingRequest, status: HTTPResponseStatus, to location: String, context: ChannelHandlerContext
    ) {
        let headers = [("Location", location), ("Content-Type", "text/plain; charset=utf-8")]
        self.respond(request, status: status, headers: headers, body: ByteBuffer(), context: context)
    }

    /// Writes a response head; `contentLength` nil means a chunked body.
    func writeHead(
        _ request: PendingRequest, status: HTTPResponseStatus, headers extra: [(String, String)], contentLength: Int?,
        context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders(extra)
        if let contentLength {
            headers.add(name: "Content-Length", value: String(contentLength))
        } else {
            headers.add(name: "Transfer-Encoding", value: "chunked")
        }
        if !request.keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if request.head.version.minor == 0 {
            headers.add(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(version: request.head.version, status: status, headers: headers)
        context.write(self.wrapOutboundOut(.head(head)), promise: nil)
    }

    /// Ends the response, flushes, and closes the connection unless it is kept alive.
    func writeEnd(keepAlive: Bool, context: ChannelHandlerContext) {
        let written = context.writeAndFlush(self.wrapOutboundOut(.end(nil)))
        if !keepAlive {
            written.assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }
}
