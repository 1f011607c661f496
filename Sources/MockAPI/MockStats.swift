/// A snapshot of what the mock server has seen since it started or since ``MockServer/resetStats()``.
///
/// Counters are updated on the event loop the moment a request head arrives or a response ends, before the response's
/// last byte is written, so a client that has read a response always finds it counted.
public struct MockStats: Sendable, Equatable {
    /// Requests that reached the handler: API requests and requests for the agency's files, answered or faulted, and
    /// also helper routes (`/echo`, `/bytes/{n}`), 404s and redirects. Counted when the request head arrives.
    public var requestsServed: Int = 0
    /// Requests for a source's files by source and key as the request named them (``FaultTarget``):
    /// `requestsBySource["office"]["270000"]`, whether or not there is such an office.
    public var requestsBySource: [String: [String: Int]] = [:]
    /// Requests by the HTTP version they arrived in: "HTTP/1.1", "HTTP/2.0".
    public var requestsByProtocol: [String: Int] = [:]
    /// TCP connections accepted (over TLS: also those whose handshake then failed).
    public var connectionsAccepted: Int = 0
    /// Connections by the protocol they speak: "http/1.1" for a plain one, else what ALPN chose
    /// ("h2", "http/1.1"). A TLS connection whose handshake failed has none.
    public var connectionsByProtocol: [String: Int] = [:]
    /// TLS handshakes completed: a client that refuses the certificate completes none.
    public var tlsHandshakes: Int = 0
    /// TCP connections closed, by either side.
    public var connectionsClosed: Int = 0
    /// Requests received and not yet answered or ended right now. A stalled or endless request stays in flight until
    /// its connection is closed, and leaves it just after the close is counted in ``connectionsClosed``: a test that
    /// waits for both waits for one snapshot showing both.
    public var inFlight: Int = 0
    /// The most requests in flight at once.
    public var maxInFlight: Int = 0
    /// Answers waiting at the gate right now (``MockServer/closeGate()``), `/hold/{n}`'s
    /// unfinished bodies among them. A held request is also in flight.
    public var held: Int = 0
    /// Streamed bodies (`/bytes/{n}`, ``Fault/endless``, ``Fault/oversize(bytes:)``) whose client has stopped reading
    /// right now: the socket is full and the server waits to write more. A client that pauses a transfer shows here.
    public var streamsBlocked: Int = 0
    /// When each request head arrived, in arrival order.
    public var requestStartTimes: [ContinuousClock.Instant] = []

    /// Creates empty statistics.
    public init() {}
}
