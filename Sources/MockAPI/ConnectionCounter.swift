import NIOCore
import NIOTLS

/// Counts one TCP connection in the server's statistics: when it opens, which protocol it ends
/// up speaking, and when it closes.
///
/// It sits first in every connection's pipeline. A plain connection speaks HTTP/1.1 from the
/// start; a TLS connection speaks what ALPN chose, known when the handshake completes (no ALPN
/// means HTTP/1.1). All its state lives on the connection's event loop.
final class ConnectionCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let state: ServerState
    private let isTLS: Bool

    init(state: ServerState, isTLS: Bool) {
        (self.state, self.isTLS) = (state, isTLS)
    }

    func channelActive(context: ChannelHandlerContext) {
        self.state.count {
            $0.connectionsAccepted += 1
            // A TLS connection's protocol is known when its handshake completes.
            if !self.isTLS { $0.connectionsByProtocol["http/1.1", default: 0] += 1 }
        }
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
            self.state.count {
                $0.tlsHandshakes += 1
                $0.connectionsByProtocol[negotiated ?? "http/1.1", default: 0] += 1
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.state.count { $0.connectionsClosed += 1 }
        context.fireChannelInactive()
    }
}
