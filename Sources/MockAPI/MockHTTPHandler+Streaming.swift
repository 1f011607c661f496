import NIOCore
import NIOHTTP1

/// Streaming long bodies (``Fault/oversize(bytes:)``, ``Fault/endless``, `/bytes/{n}`) at the client's pace: chunks are
/// written while the channel is writable, and writing resumes when it becomes writable again.
extension MockHTTPHandler {
    static let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 16 * 1024)

    /// At most this many chunks are written per event-loop turn, so an endless body never
    /// starves the loop's other connections.
    static let chunksPerTurn = 8

    /// Starts a 200 response whose body is `length` bytes of `x`, or endless and chunked when `length` is nil.
    func startStream(
        _ request: PendingRequest, headers: [(String, String)], length: Int?, context: ChannelHandlerContext
    ) {
        if request.isHead || length == 0 {
            self.respond(request, status: .ok, headers: headers, body: ByteBuffer(), context: context)
            return
        }
        self.writeHead(request, status: .ok, headers: headers, contentLength: length, context: context)
        self.stream = BodyStream(remaining: length, keepAlive: request.keepAlive)
        self.pump(context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            self.markBlocked(false)
            if self.stream != nil, !self.pumpScheduled {
                self.pump(context: context)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    /// Counts the stream in ``MockStats/streamsBlocked`` while the client reads nothing of it
    /// (the channel is not writable), once.
    func markBlocked(_ blocked: Bool) {
        guard blocked != self.streamBlocked else { return }
        self.streamBlocked = blocked
        self.state.count { $0.streamsBlocked += blocked ? 1 : -1 }
    }

    /// Writes chunks while the channel is writable, for one turn of the event loop.
    func pump(context: ChannelHandlerContext) {
        self.pumpScheduled = false
        guard self.isActive, var stream = self.stream else { return }
        var budget = Self.chunksPerTurn
        while context.channel.isWritable, budget > 0 {
            let size = min(Self.chunk.readableBytes, stream.remaining ?? Int.max)
            let piece = Self.chunk.getSlice(at: Self.chunk.readerIndex, length: size)!
            context.write(self.wrapOutboundOut(.body(.byteBuffer(piece))), promise: nil)
            budget -= 1
            if let remaining = stream.remaining {
                stream.remaining = remaining - size
                if remaining - size == 0 {
                    self.stream = nil
                    self.markBlocked(false)
                    self.endRequest()
                    self.writeEnd(keepAlive: stream.keepAlive, context: context)
                    return
                }
            }
        }
        self.stream = stream
        context.flush()
        if !context.channel.isWritable {
            self.markBlocked(true)
        } else {
            self.pumpScheduled = true
            context.eventLoop.assumeIsolated().execute {
                self.pump(context: context)
            }
        }
    }
}
