import NIOCore
import NIOHTTP1

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers the requests of one connection: routing, latency, faults and the counters.
///
/// It sits behind NIO's HTTP/1.1 server pipeline, whose pipelining helper hands it one request at
/// a time: the next request of a keep-alive connection is delivered only after this one's
/// response has ended. All its state lives on the connection's event loop.
final class MockHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    struct PendingRequest {
        var head: HTTPRequestHead
        var route: Route
        var admission: Admission
        /// The releases the body is stamped with, read from the clock when the head arrived;
        /// nil when ``MockConfiguration/stampsRelease`` is off.
        var stamp: ReleaseStamp?
        /// Collected for `/echo` only.
        var body: ByteBuffer?
        /// For `/upload`: the body's bytes so far, and their FNV-1a hash (64 bits).
        var uploaded = 0
        var uploadHash: UInt64 = 0xcbf2_9ce4_8422_2325

        var keepAlive: Bool { head.isKeepAlive }
        var isHead: Bool { head.method == .HEAD }
    }

    /// A response body written in chunks as the client reads it.
    struct BodyStream {
        /// Bytes still to write; nil for an endless chunked body.
        var remaining: Int?
        var keepAlive: Bool
    }

    let state: ServerState
    let store: FixtureStore
    var request: PendingRequest?
    /// Whether the connection's current request is counted in ``MockStats/inFlight``.
    var requestInFlight = false
    var stream: BodyStream?
    /// Whether a ``pump(context:)`` is already queued on the event loop.
    var pumpScheduled = false
    /// Whether ``stream`` is counted in ``MockStats/streamsBlocked``.
    var streamBlocked = false
    /// False once the connection has closed: delayed answers are then dropped.
    var isActive = false
    /// The answer waiting at the server's gate, if any: its ticket, and the promise that lets it
    /// go on (kept to be completed when the connection closes first, so that none is leaked).
    var held: (ticket: Int, promise: EventLoopPromise<Void>)?
    /// The ticket the current request had at the gate once it has been let go, for the gate to hear of its answer.
    var releasedTicket: Int?

    /// "http" or "https", for the absolute URLs of redirects.
    let scheme: String

    init(state: ServerState, store: FixtureStore, scheme: String) {
        (self.state, self.store, self.scheme) = (state, store, scheme)
    }

    /// Over TLS the handler is added once ALPN has chosen HTTP/1.1, after the connection became
    /// active; an HTTP/2 stream's channel may be active already too.
    func handlerAdded(context: ChannelHandlerContext) {
        self.isActive = context.channel.isActive
    }

    func channelActive(context: ChannelHandlerContext) {
        self.isActive = true
        context.fireChannelActive()
    }

    /// The connection (or, over HTTP/2, the stream) has closed; ``ConnectionCounter`` counts connections.
    func channelInactive(context: ChannelHandlerContext) {
        self.isActive = false
        self.stream = nil
        self.markBlocked(false)
        self.request = nil
        if let held = self.held {
            self.held = nil
            self.state.gate { $0.drop(held.ticket); return [] }
            // Runs the held answer, which finds the connection gone and drops it.
            held.promise.succeed()
        }
        self.endRequest()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch self.unwrapInboundIn(data) {
        case .head(let head):
            let route = Route(uri: head.uri, sources: self.store.sources)
            let admission = self.state.admit(route, version: "\(head.version)", at: .now)
            self.requestInFlight = true
            let stamp = admission.clock.map { ReleaseStamp(now: $0()) }
            self.request = PendingRequest(head: head, route: route, admission: admission, stamp: stamp)
            if case .reject(let status, let times) = route, let pending = self.request {
                if self.state.rejects(head.uri, times: times) {
                    // Answered now; the body's parts and end find no request and are dropped.
                    self.request = nil
                    // writeHead says `Connection: close` itself when the request was not kept alive.
                    self.respond(
                        pending, status: HTTPResponseStatus(statusCode: status),
                        headers: pending.keepAlive ? [("Connection", "close")] : [],
                        body: ByteBuffer(string: "rejected"), context: context)
                    return
                }
                // Past its refusals: taken as `/upload` takes a body.
                self.request?.route = .upload
            }
            if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                // curl waits a second for this before sending a body (e.g. a large POST to /echo).
                let interim = HTTPResponseHead(version: head.version, status: .continue)
                context.writeAndFlush(self.wrapOutboundOut(.head(interim)), promise: nil)
            }
        case .body(var chunk):
            if case .echo = self.request?.route {
                self.request?.body.setOrWriteBuffer(&chunk)
            } else if case .upload = self.request?.route, var request = self.request {
                chunk.withUnsafeReadableBytes { bytes in
                    for byte in bytes {
                        request.uploadHash = (request.uploadHash ^ UInt64(byte)) &* 0x100_0000_01b3
                    }
                }
                request.uploaded += chunk.readableBytes
                self.request = request
            }
        case .end:
            guard let request = self.request else { return }
            self.request = nil
            if case .stats = request.route {
                self.proceed(request, context: context)
            } else {
                self.atGate(request.head.uri, context: context) { self.proceed(request, context: context) }
            }
        }
    }

    /// Runs `next` at once, or, if the server's gate holds the answer to `uri` (or `always`), once it is let go. A
    /// connection that closes meanwhile runs it too, and `next` finds it inactive.
    func atGate(_ uri: String, always: Bool = false, context: ChannelHandlerContext, _ next: @escaping () -> Void) {
        guard let held = self.state.hold(uri: uri, always: always, on: context.eventLoop) else {
            next()
            return
        }
        self.held = held
        held.promise.futureResult.assumeIsolated().whenSuccess {
            self.held = nil
            self.releasedTicket = held.ticket
            next()
        }
    }

    /// Answers a complete request once its latency has passed.
    private func proceed(_ request: PendingRequest, context: ChannelHandlerContext) {
        let latency = request.admission.latency
        if latency > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(latency)) {
                self.answer(request, context: context)
            }
        } else {
            self.answer(request, context: context)
        }
    }

    /// Ends the in-flight accounting of the current request, once.
    func endRequest() {
        if self.requestInFlight {
            self.requestInFlight = false
            self.state.requestEnded(heldAs: self.releasedTicket)
            self.releasedTicket = nil
        }
    }

    /// Answers a complete request: its fault if it has one, else what its route calls for.
    private func answer(_ request: PendingRequest, context: ChannelHandlerContext) {
        guard self.isActive else { return }
        if let fault = request.admission.fault, case .source(let file) = request.route {
            self.inject(fault, for: request, file: file, context: context)
            return
        }
        let readOnly = request.head.method == .GET || request.isHead
        if request.route.allowsOnlyGET, !readOnly {
            let headers = Self.jsonHeaders + [("Allow", "GET, HEAD")]
            self.respond(
                request, status: .methodNotAllowed, headers: headers, body: CannedBody.methodNotAllowed,
                context: context)
            return
        }
        switch request.route {
        case .trailingSlash(let target):
            self.redirect(request, status: .movedPermanently, to: self.absolute(target, for: request), context: context)
        case .echo:
            self.respond(request, Self.echo(request), context: context)
        case .pattern(let count):
            self.respond(request, Self.pattern(count, request: request.head), context: context)
        case .reject:
            // Answered when the head arrived; no request of this route reaches its end here.
            break
        case .upload:
            let body = ByteBuffer(string: #"{"method": "\#(request.head.method.rawValue)", "bytes": \#(request.uploaded), "fnv1a": "\#(String(request.uploadHash, radix: 16))"}"#)
            self.respond(request, status: .ok, headers: Self.jsonHeaders, body: body, context: context)
        case .basicAuth(let user, let password):
            // HTTP Basic (RFC 7617).
            let credentials = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
            let authorized = request.head.headers.first(name: "authorization") == credentials
            self.respond(request, authorized ? Self.echo(request) : Self.unauthorized("Basic realm=\"mock\""), context: context)
        case .digestAuth(let user, let password):
            let authorized = Self.digestAuthorized(
                request.head.headers.first(name: "authorization"), method: request.head.method.rawValue,
                uri: request.head.uri, user: user, password: password)
            self.respond(request, authorized ? Self.echo(request) : Self.unauthorized(Self.digestChallenge), context: context)
        case .source(let file):
            self.respond(request, file.answer(request.stamp, nil), context: context)
        case .notFound:
            self.respond(request, .notFound, context: context)
        case .stats:
            let body = ByteBuffer(string: Self.statsText(self.state.snapshot()))
            self.respond(request, status: .ok, headers: [("Content-Type", "text/plain; charset=utf-8")], body: body, context: context)
        case .bytes(let count):
            let headers = [("Content-Type", "application/octet-stream")]
            self.startStream(request, headers: headers, length: count, context: context)
        case .hold where request.isHead:
            self.respond(request, status: .ok, headers: [("Content-Type", "application/octet-stream")], body: ByteBuffer(), context: context)
        case .hold(let count):
            self.writeHead(request, status: .ok, headers: [("Content-Type", "application/octet-stream")], contentLength: nil, context: context)
            // In flight, as a stalled request is, until the gate lets its end go: held before
            // the bytes are written, so that a client that has them finds it held.
            self.atGate(request.head.uri, always: true, context: context) {
                guard self.isActive else { return }
                self.endRequest()
                self.writeEnd(keepAlive: request.keepAlive, context: context)
            }
            let start = ByteBuffer(repeating: UInt8(ascii: "x"), count: count)
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(start))), promise: nil)
        }
    }

    /// The counters as `name value` lines; connections by protocol as `connections_<name>` with `/` and `.` made `_`
    /// (`connections_h2`, `connections_http_1_1`), requests for a source's files as `requests_<source>_<key>`
    /// (`requests_office_270000`, `requests_amedas_map`), but the API's.
    static func statsText(_ stats: MockStats) -> String {
        var lines = [
            "requests_served \(stats.requestsServed)",
            "connections_accepted \(stats.connectionsAccepted)",
            "connections_closed \(stats.connectionsClosed)",
            "tls_handshakes \(stats.tlsHandshakes)",
            "max_in_flight \(stats.maxInFlight)",
            "held \(stats.held)",
            "streams_blocked \(stats.streamsBlocked)",
        ]
        for (name, count) in stats.connectionsByProtocol.sorted(by: { $0.key < $1.key }) {
            let key = String(name.map { $0 == "/" || $0 == "." ? "_" : $0 })
            lines.append("connections_\(key) \(count)")
        }
        for source in MockSources.all where source.name != MockSources.api.name {
            for (key, count) in (stats.requestsBySource[source.name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                lines.append("requests_\(source.name)_\(key) \(count)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `target` as an absolute URL of this server's scheme when the request named its host (as
    /// Apache writes redirects), else as it is. HTTP/2 names the host in `:authority`, which
    /// NIO's HTTP/1 view of a stream turns into `Host`.
    private func absolute(_ target: String, for request: PendingRequest) -> String {
        guard let host = request.head.headers.first(name: "host"), !host.isEmpty else {
            return target
        }
        return "\(self.scheme)://\(host)\(target)"
    }
}
