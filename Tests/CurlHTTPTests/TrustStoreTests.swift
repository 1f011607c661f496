import CurlHTTP
import Foundation
import MockAPI
import Testing

@Suite("Trust through a hashed CA directory, as the system store is named")
struct TrustStoreTests {
    @Test("A directory holding the test CA under its hash name is trusted")
    func trustedDirectory() async throws {
        let files = try TrustFiles()
        let directory = try files.hashedDirectory(named: "store", holding: [TrustFiles.strangerCA, TrustFiles.testCA])
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            let response = try await session.request(
                mock.forecastURL("130010"), options: tlsOptions(trust: TrustRoots(caDirectory: directory))
            ).validate().response()

            #expect(response.status == 200)
            #expect(response.httpVersion == .http2)
        }
    }

    @Test("A directory without the test CA is refused: naming a directory trusts nothing else")
    func directoryWithoutTheCA() async throws {
        let files = try TrustFiles()
        let directory = try files.hashedDirectory(named: "store", holding: [TrustFiles.strangerCA])
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            let error = try #require(await failure(of: session.request(
                mock.forecastURL("130010"), options: tlsOptions(trust: TrustRoots(caDirectory: directory)))) as? CurlError)

            #expect(error.kind == .untrustedCertificate)
            #expect(error.attempts == 1)
        }
    }

    @Test("A certificate for another name is refused through a trusted directory too")
    func directoryWrongName() async throws {
        let files = try TrustFiles()
        let directory = try files.hashedDirectory(named: "store", holding: [TrustFiles.testCA])
        try await MockServer.withServer(tls: MockTLS(certificate: .otherHost)) { mock in
            let session = try Session()
            let error = try #require(await failure(of: session.request(
                mock.forecastURL("130010"), options: tlsOptions(trust: TrustRoots(caDirectory: directory)))) as? CurlError)

            #expect(error.kind == .certificateNameMismatch)
        }
    }

    @Test("A CA file of a stranger CA is refused: naming a file trusts nothing else")
    func strangerFile() async throws {
        let files = try TrustFiles()
        let path = files.directory.appendingPathComponent("stranger.pem").path
        try Data(MockCertificates.strangerAuthorityPEM.utf8).write(to: URL(fileURLWithPath: path))
        try await MockServer.withServer(tls: MockTLS()) { mock in
            let session = try Session()
            let error = try #require(await failure(of: session.request(
                mock.forecastURL("130010"), options: tlsOptions(trust: TrustRoots(caFile: path)))) as? CurlError)

            #expect(error.kind == .untrustedCertificate)
        }
    }

    @Test("curl's environment variables name what curl's command line would trust")
    func curlEnvironment() {
        #expect(TrustRoots(curlEnvironment: [:]) == .system)
        #expect(TrustRoots(curlEnvironment: ["CURL_CA_BUNDLE": ""]) == .system)
        #expect(TrustRoots(curlEnvironment: ["CURL_CA_BUNDLE": "/a.pem"]) == TrustRoots(caFile: "/a.pem"))
        #expect(TrustRoots(curlEnvironment: ["SSL_CERT_FILE": "/b.pem"]) == TrustRoots(caFile: "/b.pem"))
        #expect(TrustRoots(curlEnvironment: ["SSL_CERT_DIR": "/certs"]) == TrustRoots(caDirectory: "/certs"))
        #expect(TrustRoots(curlEnvironment: ["SSL_CERT_DIR": "/certs", "SSL_CERT_FILE": "/b.pem"])
            == TrustRoots(caFile: "/b.pem", caDirectory: "/certs"))
        // CURL_CA_BUNDLE wins over both, as in curl's tool.
        #expect(TrustRoots(curlEnvironment: ["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_DIR": "/certs", "SSL_CERT_FILE": "/b.pem"])
            == TrustRoots(caFile: "/a.pem"))
    }
}
