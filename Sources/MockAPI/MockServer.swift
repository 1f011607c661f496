import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// An in-process imitation of https://weather.tsukumijima.net and of the Japan Meteorological
/// Agency's files (forecasts, observations, warnings), for tests and benchmarks of HTTP clients.
///
/// It answers the API's paths (`GET /api/forecast/city/{id}`, `GET /api/forecast?city={id}`) as the real API does and
/// the agency's (`GET /bosai/forecast/data/forecast/{office}.json`, …) as www.jma.go.jp does, from `Fixtures/` (see
/// ``MockConfiguration/fixturesDirectory``), on 127.0.0.1: over plain HTTP/1.1 with keep-alive, or (with a ``MockTLS``)
/// over HTTPS, offering HTTP/2 and HTTP/1.1 by ALPN, with a certificate of ``MockCertificates``. Latency, faults and
/// release stamps are set through ``configuration`` (also while it runs); ``stats()`` tells what it saw.
///
/// ```swift
/// let server = try await MockServer.start()
/// server.configuration.faultsByCity["130010"] = FaultRule(.status(503, retryAfter: "1"), firstAttempts: 2)
/// // … point the client at server.baseURL, fetch 130010 (it retries twice) …
/// #expect(server.stats().requestsByCity["130010"] == 3)
/// try await server.shutdown()
/// ```
///
/// Three helper routes exist only here: `/echo` (any method) answers with a JSON description of
/// the request, `/bytes/{n}` with `n` bytes of `x`, and `/stats` with the counters as
/// `name value` lines (for scripts running `forecast-mock`). Call ``shutdown()`` when done.
public final class MockServer: Sendable {
    /// Event-loop threads. One loop serves the whole load of a single-threaded client; see
    /// the module's tests and benchmarks before raising it.
    static let threadCount = 1

    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let state: ServerState
    private let isShutDown = NIOLockedValueBox(false)

    /// The TCP port the server listens on.
    public let port: Int
    /// How it speaks TLS; nil for plain HTTP.
    public let tls: MockTLS?

    /// `http://127.0.0.1:PORT`, or `https://…` with TLS, with no trailing slash.
    public var baseURL: String {
        "\(self.tls == nil ? "http" : "https")://127.0.0.1:\(self.port)"
    }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, state: ServerState, port: Int, tls: MockTLS?) {
        (self.group, self.channel, self.state, self.port, self.tls) = (group, channel, state, port, tls)
    }

    /// Binds 127.0.0.1 (port 0 = a free port) and starts serving, over TLS if `tls` is given.
    ///
    /// The fixture bodies (and the TLS certificate) are read here, once; the project's own
    /// `Fixtures/` once per process.
    ///
    /// - Throws: ``FixtureError`` when the fixtures cannot be read; NIO's `IOError` when the
    ///   port cannot be bound; `NIOSSLError` if the TLS set-up fails.
    public static func start(
        configuration: MockConfiguration = .init(), port: Int = 0, tls: MockTLS? = nil
    ) async throws -> MockServer {
        let store = try FixtureStore.shared(directory: configuration.fixturesDirectory)
        let state = ServerState(configuration: configuration)
        let sslContext = try tls.map(Self.makeSSLContext)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: Self.threadCount)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 1024)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    if let sslContext {
                        return Self.configureTLS(channel, context: sslContext, state: state, store: store)
                    }
                    return channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.addHandler(ConnectionCounter(state: state, isTLS: false))
                        try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                        try pipeline.addHandler(MockHTTPHandler(state: state, store: store, scheme: "http"))
                    }
                }
                .bind(host: "127.0.0.1", port: port)
                .get()
            let boundPort = channel.localAddress?.port ?? port
            return MockServer(group: group, channel: channel, state: state, port: boundPort, tls: tls)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// The server side of TLS with the chosen certificate and ALPN protocols.
    private static func makeSSLContext(_ tls: MockTLS) throws -> NIOSSLContext {
        let pem = MockCertificates.pem(tls.certificate)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(pem.certificate.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(pem.key.utf8), format: .pem)))
        configuration.applicationProtocols = tls.protocols
        return try NIOSSLContext(configuration: configuration)
    }

    /// A TLS connection: the handshake, then HTTP/2 (a ``MockHTTPHandler`` per stream, behind
    /// NIO's HTTP/1 view of the stream) or HTTP/1.1, as ALPN decides.
    private static func configureTLS(
        _ channel: any Channel, context: NIOSSLContext, state: ServerState, store: FixtureStore
    ) -> EventLoopFuture<Void> {
        do {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(NIOSSLServerHandler(context: context))
            // After the TLS handler, which fires the handshake's event from its own place.
            try pipeline.addHandler(ConnectionCounter(state: state, isTLS: true))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return channel.configureCommonHTTPServerPipeline { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(
                    MockHTTPHandler(state: state, store: store, scheme: "https"))
            }
        }
    }

    /// Stops listening, closes every connection (stalled and endless ones included) and stops
    /// the event loop. Calling it again does nothing.
    public func shutdown() async throws {
        guard !self.isShutDown.withLockedValue({ isShutDown in defer { isShutDown = true }; return isShutDown }) else { return }
        try? await self.channel.close()
        try await self.group.shutdownGracefully()
    }

    deinit {
        if !self.isShutDown.withLockedValue({ $0 }) {
            self.group.shutdownGracefully { _ in }
        }
    }

    /// Latency and faults; a new value affects the requests that arrive after it is set, and
    /// restarts the ``FaultRule/firstAttempts`` count of each fault rule it changes.
    /// ``MockConfiguration/fixturesDirectory`` is only read by ``start(configuration:port:tls:)``.
    ///
    /// Each get and set is atomic; a read-modify-write such as `server.configuration.latency = .milliseconds(5)` is two
    /// steps, so change it from one task at a time.
    public var configuration: MockConfiguration {
        get { self.state.configuration }
        set { self.state.configuration = newValue }
    }

    /// A snapshot of the counters.
    public func stats() -> MockStats {
        self.state.snapshot()
    }

    /// Closes the gate: the answer to every request that arrives from now on (but `/stats`) waits, once the request has
    /// been read, until the gate lets it go or its connection closes. ``MockStats/held`` counts those waiting; a held
    /// request is in flight, so ``MockStats/maxInFlight`` counts it too.
    ///
    /// With `count`, the gate opens by itself once that many answers wait: all go on at once, or, with `order`, one at
    /// a time in that order (each held request's URI ends with one of its strings: `["140010", "130010"]`), each once
    /// the one before has been answered. Requests then overlap exactly as a test needs, however slowly a busy machine
    /// sends them, and the gate opens on the server's own thread: no latency to bet on, and no wait for the test's
    /// task. Without `count`, ``openGate()`` or ``release(where:)`` let answers go.
    public func closeGate(untilHeld count: Int? = nil, order: [String] = []) {
        self.state.gate { $0.close(untilHeld: count, order: order); return [] }
    }

    /// Opens the gate: every held answer goes on (with its latency, if any), and later requests
    /// are answered without waiting.
    public func openGate() {
        self.state.gate { $0.open() }
    }

    /// Lets the held answers whose request URI (`/api/forecast/city/130010`, `/hold/100`)
    /// `matches` go on, in the order they arrived, and leaves the gate as it is.
    ///
    /// - Returns: how many were let go.
    @discardableResult
    public func release(where matches: (String) -> Bool) -> Int {
        self.state.gate { $0.release(where: matches) }
    }

    /// Sets the counters back to zero and restarts the ``FaultRule/firstAttempts`` counts.
    ///
    /// Requests still in flight stay counted in ``MockStats/inFlight`` (and so in ``MockStats/maxInFlight``);
    /// connections opened before the reset and closed after it count in ``MockStats/connectionsClosed`` only.
    public func resetStats() {
        self.state.resetStats()
    }

    /// Starts a server with `configuration` on a free port (over TLS if `tls` is given), runs `body` with it, and shuts
    /// it down whatever happens: the one way tests and benchmarks scope a mock API.
    public static func withServer<T>(
        _ configuration: MockConfiguration = MockConfiguration(),
        tls: MockTLS? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MockServer) async throws -> T
    ) async throws -> T {
        let server = try await MockServer.start(configuration: configuration, tls: tls)
        do {
            let result = try await body(server)
            try await server.shutdown()
            return result
        } catch {
            try? await server.shutdown()
            throw error
        }
    }
}
