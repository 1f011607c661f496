import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("HTTPS and HTTP/2 against the TLS mock")
struct TLSTests {
    @Test("Trusted through a CA file, the body arrives over HTTP/2")
    func trustedThroughCAFile() async throws {
        let files = try TrustFiles()
        let options = tlsOptions(trust: TrustRoots(caFile: try files.testCAFile()))
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            let response = try await session.request(mock.forecastURL("130010"), options: options).validate().response()

            #expect(response.status == 200)
            #expect(response.body == (try fixture("130010.json")))
            #expect(response.httpVersion == .http2)
            #expect(response.metrics.tlsHandshake > .zero)
            #expect(mock.stats().connectionsByProtocol == ["h2": 1])
            #expect(mock.stats().requestsByProtocol == ["HTTP/2.0": 1])
        }
    }

    @Test("A server that offers only HTTP/1.1 is spoken to in HTTP/1.1 over TLS")
    func http1OverTLS() async throws {
        let files = try TrustFiles()
        let options = tlsOptions(trust: TrustRoots(caFile: try files.testCAFile()))
        try await MockServer.withServer(tls: MockTLS(protocols: ["http/1.1"])) { mock in
            let session = try Session()
            let response = try await session.request(mock.forecastURL("130010"), options: options).validate().response()

            #expect(response.httpVersion == .http1_1)
            #expect(mock.stats().connectionsByProtocol == ["http/1.1": 1])
        }
    }

    @Test("A certificate from a CA the store does not hold is refused, once, and says so")
    func untrustedWithSystemStore() async throws {
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            // The system's store (the default) does not hold the test CA.
            let error = try #require(await failure(of: session.request(
                mock.forecastURL("130010"), options: tlsOptions(trust: .system))) as? CurlError)

            #expect(error.kind == .untrustedCertificate)
            #expect(error.kind.isTLS)
            #expect(error.attempts == 1)
            #expect(error.description.hasPrefix("the server's certificate is not trusted ("))
            #expect(mock.stats().connectionsAccepted == 1, "a TLS failure is not retried")
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test("A certificate for another host name is refused as such, once")
    func wrongHostName() async throws {
        let files = try TrustFiles()
        let options = tlsOptions(trust: TrustRoots(caFile: try files.testCAFile()))
        try await MockServer.withServer(tls: MockTLS(certificate: .otherHost)) { mock in
            let session = try Session()
            let error = try #require(await failure(of: session.request(mock.forecastURL("130010"), options: options)) as? CurlError)

            #expect(error.kind == .certificateNameMismatch)
            #expect(error.description.hasPrefix("the server's certificate is for another host name ("))
            #expect(error.description.contains("127.0.0.1"))
            #expect(error.attempts == 1)
            #expect(mock.stats().connectionsAccepted == 1)
        }
    }

    @Test("An expired certificate is refused as expired, once")
    func expiredCertificate() async throws {
        let files = try TrustFiles()
        let options = tlsOptions(trust: TrustRoots(caFile: try files.testCAFile()))
        try await MockServer.withServer(tls: MockTLS(certificate: .expired)) { mock in
            let session = try Session()
            let error = try #require(await failure(of: session.request(mock.forecastURL("130010"), options: options)) as? CurlError)

            #expect(error.kind == .expiredCertificate)
            #expect(error.description.hasPrefix("the server's certificate has expired ("))
            #expect(error.attempts == 1)
            #expect(mock.stats().connectionsAccepted == 1)
        }
    }

    @Test("A server that does not speak TLS fails the handshake, once")
    func failedHandshake() async throws {
        let files = try TrustFiles()
        let options = tlsOptions(trust: TrustRoots(caFile: try files.testCAFile()))
        try await MockServer.withServer { mock in
            let session = try Session()
            // A plain-HTTP server asked for https.
            let url = mock.forecastURL("130010").replacingOccurrences(of: "http://", with: "https://")
            let error = try #require(await failure(of: session.request(url, options: options)) as? CurlError)

            #expect(error.kind == .tlsHandshakeFailed)
            #expect(error.description.hasPrefix("the TLS handshake failed ("))
            #expect(error.attempts == 1)
            #expect(mock.stats().connectionsAccepted == 1)
        }
    }

    @Test("A CA file that cannot be read fails the request, saying so")
    func unreadableCAFile() async throws {
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            let options = tlsOptions(trust: TrustRoots(caFile: "/nonexistent/forecast-test-ca.pem"))
            let error = try #require(await failure(of: session.request(mock.forecastURL("130010"), options: options)) as? CurlError)

            #expect(error.kind == .unreadableTrustStore)
            #expect(error.kind.isTLS)
            #expect(error.attempts == 1)
        }
    }

    @Test("50 requests handed over at once share one HTTP/2 connection")
    func fiftyRequestsOneConnection() async throws {
        let files = try TrustFiles()
        // The suite's timeouts and no retry: the first request waits at the server until the
        // last has come, which under a sanitizer has taken more than tlsOptions' 10 s.
        var options = testOptions()
        options.trust = TrustRoots(caFile: try files.testCAFile())
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            // Held at the server until all 50 are there.
            mock.closeGate(untilHeld: 50)
            let requests = (0..<50).map { _ in session.request(mock.forecastURL("130010"), options: options).resume() }
            var versions: Set<HTTPVersion> = []
            for request in requests {
                versions.insert(try await request.validate().response().httpVersion)
            }

            #expect(versions == [.http2])
            #expect(mock.stats().connectionsAccepted == 1)
            #expect(mock.stats().tlsHandshakes == 1)
            #expect(mock.stats().requestsServed == 50)
            #expect(mock.stats().maxInFlight == 50, "the requests ran as concurrent streams")
        }
    }

    @Test("Requests one after the other reuse one connection")
    func sequentialOneConnection() async throws {
        let files = try TrustFiles()
        let options = tlsOptions(trust: TrustRoots(caFile: try files.testCAFile()))
        try await MockServer.withServer(tls: MockTLS()) { mock in
           let session = try Session()
            var reused: [Bool] = []
            for _ in 0..<5 {
                reused.append(try await session.request(mock.forecastURL("130010"), options: options).validate().response()
                    .metrics.connectionReused)
            }

            #expect(reused == [false, true, true, true, true])
            #expect(mock.stats().connectionsAccepted == 1)
        }
    }
}
