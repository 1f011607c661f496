import NIOCore
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Injecting a ``Fault`` in place of the normal answer.
extension MockHTTPHandler {
    /// Misbehaves as `fault` says for a complete request for a source's `file`.
    func inject(_ fault: Fault, for request: PendingRequest, file: SourceRequest, context: ChannelHandlerContext) {
        let headers = file.headers
        switch fault {
        case .status(let code, let retryAfter):
            let status = HTTPResponseStatus(statusCode: code)
            let headers = [("Content-Type", "text/plain; charset=utf-8")] + (retryAfter.map { [("Retry-After", $0)] } ?? [])
            let body = status.mayHaveResponseBody ? CannedBody.statusText(status) : ByteBuffer()
            self.respond(request, status: status, headers: headers, body: body, context: context)
        case .apiError(let message):
            self.respond(request, status: .ok, headers: headers, body: ByteBuffer(string: CannedBody.apiError(message)), context: context)
        case .html:
            let headers = [("Content-Type", "text/html; charset=UTF-8")]
            self.respond(request, status: .ok, headers: headers, body: CannedBody.htmlErrorPage, context: context)
        case .malformedJSON:
            let body = CannedBody.malformed(file.answer(request.stamp, nil).body)
            self.respond(request, status: .ok, headers: headers, body: body, context: context)
        case .truncated:
            self.truncate(request, file: file, context: context)
        case .reset:
            self.reset(context: context)
        case .stall:
            break  // stays in flight until the connection closes
        case .oversize(let bytes):
            self.startStream(request, headers: headers, length: max(0, bytes), context: context)
        case .endless:
            self.startStream(request, headers: headers, length: nil, context: context)
        case .redirectLoop:
            // Unless its source says otherwise, the same URI with a query when it has none and without when it has one.
            let uri = request.head.uri
            let other = file.loop ?? uri.firstIndex(of: "?").map { String(uri[..<$0]) } ?? uri + "?redirect=1"
            self.redirect(request, status: .found, to: other, context: context)
        case .redirectToFile:
            self.redirect(request, status: .found, to: "file:///etc/passwd", context: context)
        case .agencyOneReport, .agencyShortSeries, .amedasWithoutStation:
            // Faults of one source's files, which the source answers itself.
            self.respond(request, file.answer(request.stamp, fault), context: context)
        }
    }

    /// Announces the whole body, sends half of it, then closes the connection.
    private func truncate(_ request: PendingRequest, file: SourceRequest, context: ChannelHandlerContext) {
        let body = file.answer(request.stamp, nil).body
        self.endRequest()
        self.writeHead(request, status: .ok, headers: file.headers, contentLength: body.readableBytes, context: context)
        let half = body.getSlice(at: body.readerIndex, length: body.readableBytes / 2) ?? ByteBuffer()
        context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(half)))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Closes with `SO_LINGER` 0: the kernel discards what is queued and sends RST.
    private func reset(context: ChannelHandlerContext) {
        self.endRequest()
        guard let socket = context.channel as? any SocketOptionProvider else {
            context.close(promise: nil)
            return
        }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
