import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real proxy, tinyproxy, between the session and the mock.
@Suite("Through a proxy")
struct ProxyTests {
    // Skipped, with this reason printed, only where tinyproxy is not installed (Debian's
    // package `tinyproxy`); everything else the test needs is the package's own.
    @Test(
        "A proxy refusing the CONNECT tunnel is reported as such, with its answer, and not retried",
        .enabled(if: TinyProxy.executable != nil, "tinyproxy is not installed (/usr/bin/tinyproxy or /usr/sbin/tinyproxy)"))
    func tunnelRefused() async throws {
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        try #require(await eventually { proxy.acceptsConnections() }, "tinyproxy did not start:\n\(proxy.log)")

        try await MockServer.withServer(tls: MockTLS()) { mock in
            // Given the default retry policy, which retries resets, and a proxy that tunnels to
            // port 443 only, named for the request (so no other test's traffic goes through it)
            var options = RequestOptions(timeout: .seconds(10), connectTimeout: .seconds(5))
            options.retry.baseDelay = .milliseconds(10)
            options.proxy = "http://127.0.0.1:\(proxy.port)"
            let session = try Session()

            // When an HTTPS request asks it for a tunnel to the mock's port
            let url = mock.forecastURL("130010")
            #expect(url.hasPrefix("https://127.0.0.1:") && !url.hasPrefix("https://127.0.0.1:443/"))
            let error = try #require(await failure(of: session.request(url, options: options)) as? CurlError)

            // Then the error names the proxy's answer, once
            #expect(error.kind == .proxyTunnelRefused)
            #expect(error.proxyStatus == 403)
            #expect(error.description == "the proxy refused the tunnel: HTTP 403")
            #expect(error.attempts == 1)
            #expect(proxy.connectRequests == 1, "tinyproxy's log:\n\(proxy.log)")
            #expect(mock.stats().connectionsAccepted == 0)
        }
    }
}
