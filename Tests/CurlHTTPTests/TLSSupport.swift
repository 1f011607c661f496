import CurlHTTP
import Foundation
import MockAPI
import TestSupport

/// A temporary folder of trust material for one test, removed when the test is done with it.
final class TrustFiles {
    private let folder: TemporaryFolder
    var directory: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder(prefix: "curlhttp-trust")
    }

    /// A PEM file holding the mock's test CA.
    func testCAFile() throws -> String {
        let path = directory.appendingPathComponent("test-ca.pem").path
        try MockCertificates.writeCertificateAuthority(to: path)
        return path
    }

    /// A hashed CA directory, as `openssl rehash` makes it, holding the given CAs.
    func hashedDirectory(named name: String, holding certificates: [(hashName: String, pem: String)]) throws -> String {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for certificate in certificates {
            try Data(certificate.pem.utf8).write(to: folder.appendingPathComponent(certificate.hashName))
        }
        return folder.path
    }

    static let testCA = (MockCertificates.certificateAuthorityHashName, MockCertificates.certificateAuthorityPEM)
    static let strangerCA = (MockCertificates.strangerAuthorityHashName, MockCertificates.strangerAuthorityPEM)
}

/// Request options for TLS tests: short timeouts and the default retry policy, so that a
/// test can see that a TLS failure is not retried.
func tlsOptions(trust: TrustRoots, retry: RetryPolicy = RetryPolicy(baseDelay: .milliseconds(10))) -> RequestOptions {
    RequestOptions(timeout: .seconds(10), connectTimeout: .seconds(5), retry: retry, trust: trust)
}
