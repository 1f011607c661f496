@testable import CurlHTTP
import Foundation
import MockAPI
import Testing

@Suite("The trust decision: which CA options a request sets")
struct TrustSettingsTests {
    private static let openSSL = "OpenSSL/3.0.11"

    @Test("The system store with hash links on OpenSSL: the directory alone, the bundle unset")
    func systemWithHashLinks() {
        let settings = TrustSettings.resolve(
            .system, tlsBackend: Self.openSSL, defaultCADirectory: "/etc/ssl/certs", hasHashLinks: { _ in true })
        #expect(settings == TrustSettings(caFile: nil, caDirectory: "/etc/ssl/certs", useLibcurlDefaults: false))
    }

    @Test("The system store without hash links, without a default directory, or not on OpenSSL: libcurl's defaults")
    func systemFallsBackToDefaults() {
        #expect(TrustSettings.resolve(
            .system, tlsBackend: Self.openSSL, defaultCADirectory: "/etc/ssl/certs", hasHashLinks: { _ in false })
            == .libcurlDefaults)
        #expect(TrustSettings.resolve(
            .system, tlsBackend: Self.openSSL, defaultCADirectory: nil, hasHashLinks: { _ in true })
            == .libcurlDefaults)
        #expect(TrustSettings.resolve(
            .system, tlsBackend: "GnuTLS/3.7.9", defaultCADirectory: "/etc/ssl/certs", hasHashLinks: { _ in true })
            == .libcurlDefaults)
    }

    @Test("A named file or directory gives exactly what it names, the other unset")
    func namedRoots() {
        func resolve(_ roots: TrustRoots) -> TrustSettings {
            TrustSettings.resolve(roots, tlsBackend: Self.openSSL, defaultCADirectory: "/etc/ssl/certs", hasHashLinks: { _ in true })
        }
        #expect(resolve(TrustRoots(caFile: "/ca.pem")) == TrustSettings(caFile: "/ca.pem", caDirectory: nil, useLibcurlDefaults: false))
        #expect(resolve(TrustRoots(caDirectory: "/certs")) == TrustSettings(caFile: nil, caDirectory: "/certs", useLibcurlDefaults: false))
        #expect(resolve(TrustRoots(caFile: "/ca.pem", caDirectory: "/certs"))
            == TrustSettings(caFile: "/ca.pem", caDirectory: "/certs", useLibcurlDefaults: false))
    }

    @Test("Hash links are told apart from other files in a real directory")
    func hashLinkDetection() throws {
        let files = try TrustFiles()
        let withLinks = try files.hashedDirectory(named: "hashed", holding: [TrustFiles.testCA])
        let plain = files.directory.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try Data(MockCertificates.certificateAuthorityPEM.utf8).write(to: plain.appendingPathComponent("test-ca.pem"))

        #expect(TrustSettings.directoryHasHashLinks(withLinks))
        #expect(!TrustSettings.directoryHasHashLinks(plain.path))
        #expect(!TrustSettings.directoryHasHashLinks("/nonexistent/forecast-certs"))
        #expect(TrustSettings.isHashLinkName("9d6523ce.0"))
        #expect(TrustSettings.isHashLinkName("9d6523ce.12"))
        #expect(!TrustSettings.isHashLinkName("9D6523CE.0"))
        #expect(!TrustSettings.isHashLinkName("ca-certificates.crt"))
        #expect(!TrustSettings.isHashLinkName("9d6523ce.r0"))
    }
}
