import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A bare HTTP/1.1 client for these tests: it writes request bytes as given and parses the
/// response bytes itself, so a test sees exactly what the server sent (or failed to send).
///
/// Every connection has a deadline: when it passes, the connection is closed and every read
/// throws ``TestClientError/deadlinePassed``, so a server that stops answering fails a test
/// instead of hanging it.
final class TestConnection {
    /// How long a connection may stay open, and its connect may take: far above what either takes, for a suite under a
    /// sanitizer on a busy machine (NIO's own connect timeout of 10 s ran out there on loopback).
    static let deadline: TimeAmount = .seconds(600)

    private var inbound: NIOAsyncChannelInboundStream<[UInt8]>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// Set on the event loop when the deadline closes the connection.
    private let deadlinePassed: DeadlineFlag
    /// Received bytes not yet consumed by a parsed response.
    private var pending: [UInt8] = []

    private init(
        inbound: NIOAsyncChannelInboundStream<[UInt8]>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        deadlinePassed: DeadlineFlag
    ) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.deadlinePassed = deadlinePassed
    }

    /// Connects to 127.0.0.1:`port`, runs `body`, then closes the connection.
    static func with<Result>(port: Int, _ body: (TestConnection) async throws -> Result) async throws -> Result {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(deadline)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteCopier())
                    return try NIOAsyncChannel<[UInt8], ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let flag = DeadlineFlag()
        let timer = channel.channel.eventLoop.scheduleTask(in: deadline) { [channel = channel.channel] in
            flag.passed.withLockedValue { $0 = true }
            channel.close(promise: nil)
        }
        defer { timer.cancel() }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(TestConnection(inbound: inbound, outbound: outbound, deadlinePassed: flag))
        }
    }

    /// One GET (or other method) on a fresh connection.
    static func request(
        port: Int, _ target: String, method: String = "GET", headers: [(String, String)] = [], body: String = ""
    ) async throws -> TestResponse {
        try await with(port: port) { connection in
            try await connection.request(target, method: method, headers: headers, body: body)
        }
    }

    /// Sends raw bytes.
    func send(_ text: String) async throws {
        try await self.outbound.write(ByteBuffer(string: text))
    }

    /// Sends a request (HTTP/1.1, `Host` set, `Content-Length` when there is a body) and reads
    /// its response.
    func request(
        _ target: String, method: String = "GET", headers: [(String, String)] = [], body: String = ""
    ) async throws -> TestResponse {
        try await self.send(Self.requestText(target, method: method, headers: headers, body: body))
        return try await self.readResponse(method: method)
    }

    /// The bytes of a request.
    static func requestText(
        _ target: String, method: String = "GET", headers: [(String, String)] = [], body: String = ""
    ) -> String {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers {
            text += "\(name): \(value)\r\n"
        }
        if !body.isEmpty {
            text += "Content-Length: \(body.utf8.count)\r\n"
        }
        return text + "\r\n" + body
    }

    /// Reads one response whose body is framed by `Content-Length` (none for HEAD).
    ///
    /// - Throws: ``TestClientError/closedEarly(received:)`` when the connection ends first.
    func readResponse(method: String = "GET") async throws -> TestResponse {
        var headerEnd = Self.find([13, 10, 13, 10], in: self.pending)
        while headerEnd == nil {
            try await self.receiveMore()
            headerEnd = Self.find([13, 10, 13, 10], in: self.pending)
        }
        var response = try TestResponse(head: Array(self.pending[..<headerEnd!]))
        let bodyStart = headerEnd! + 4
        let length = method == "HEAD" ? 0 : Int(response.header("content-length") ?? "0") ?? 0
        while self.pending.count < bodyStart + length {
            try await self.receiveMore()
        }
        response.body = Array(self.pending[bodyStart..<bodyStart + length])
        self.pending.removeFirst(bodyStart + length)
        return response
    }

    /// Reads until the server closes the connection, at most `limit` bytes.
    ///
    /// - Returns: what arrived, and the error that ended the stream (nil for a clean close).
    /// - Throws: ``TestClientError/deadlinePassed`` when the server never closed it.
    func readUntilClosed(limit: Int = 64 << 20) async throws -> (bytes: [UInt8], error: (any Error)?) {
        do {
            while self.pending.count < limit {
                try await self.receiveMore()
            }
            return (self.pending, nil)
        } catch TestClientError.closedEarly {
            return (self.pending, nil)
        } catch TestClientError.deadlinePassed {
            throw TestClientError.deadlinePassed
        } catch {
            return (self.pending, error)
        }
    }

    /// Reads until at least `count` bytes wait unconsumed, and returns them all (still unconsumed).
    func peek(atLeast count: Int) async throws -> [UInt8] {
        while self.pending.count < count {
            try await self.receiveMore()
        }
        return self.pending
    }

    /// Reads at least `count` bytes beyond what has been consumed, and drops them.
    func discard(atLeast count: Int) async throws {
        while self.pending.count < count {
            try await self.receiveMore()
        }
        self.pending.removeAll()
    }

    private func receiveMore() async throws {
        let buffer = try await self.inbound.next()
        // Whatever the stream says once the deadline has closed the connection, it is the deadline.
        if deadlinePassed.passed.withLockedValue({ $0 }) {
            throw TestClientError.deadlinePassed
        }
        guard let buffer else {
            throw TestClientError.closedEarly(received: self.pending)
        }
        self.pending.append(contentsOf: buffer)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

/// How the test client fails.
enum TestClientError: Error {
    /// The server closed the connection before a whole response arrived.
    case closedEarly(received: [UInt8])
    /// The response head could not be parsed.
    case badHead(String)
    /// The connection was still open at ``TestConnection/deadline``.
    case deadlinePassed
}

/// Whether a connection's deadline has passed; set on its event loop, read by the test. NIO's
/// lock, which ThreadSanitizer sees (it does not see `Synchronization.Mutex` on Linux).
final class DeadlineFlag: Sendable {
    let passed = NIOLockedValueBox(false)
}

/// Copies each received buffer into an array on the event loop, so that no `ByteBuffer` of the
/// channel's receive pool crosses to the test's thread: NIO reuses a pooled buffer once it is
/// uniquely referenced again, and ThreadSanitizer cannot see the reference count that orders
/// the test's last read before that reuse.
private final class ByteCopier: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = [UInt8]

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = self.unwrapInboundIn(data)
        context.fireChannelRead(self.wrapInboundOut(Array(buffer.readableBytesView)))
    }
}
