#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The test certificates of the TLS mock: one test CA and the server certificates it signs.
///
/// They are made once by `Scripts/make-test-certificates.py` and compiled in, so a test, a
/// benchmark or `forecast-mock --tls` needs no file and no OpenSSL to serve HTTPS. A client
/// trusts the mock by trusting ``certificateAuthorityPEM`` (write it to a file with
/// ``writeCertificateAuthority(to:)`` and name that file, as `curl --cacert` does).
///
/// The keys protect nothing: they are public on purpose, and only ever used on 127.0.0.1.
public enum MockCertificates {
    /// A server certificate the mock can present.
    public enum Server: Sendable, Hashable, CaseIterable {
        /// For localhost, 127.0.0.1 and ::1, valid 2025–2075: what a client should accept.
        case localhost
        /// For other.example only: a client connecting to 127.0.0.1 must refuse it by name.
        case otherHost
        /// For localhost and 127.0.0.1, valid only in 2020: a client must refuse it as expired.
        case expired
    }

    /// Writes the test CA in PEM form to `path`, replacing any file there.
    public static func writeCertificateAuthority(to path: String) throws {
        try Data(certificateAuthorityPEM.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The PEM certificate and private key of a server certificate.
    static func pem(_ server: Server) -> (certificate: String, key: String) {
        // The generated table has every case; the script and this enum change together.
        serverPEM[server]!
    }
}
