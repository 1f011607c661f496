#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The test certificates of the TLS mock: one test CA and the server certificates it signs.
///
/// They are made once by `Scripts/make-test-certificates.py` as PEM files in `Certificates/`, which the build embeds in
/// the code, so a test, a benchmark or `forecast-mock --tls` needs no file and no OpenSSL to serve HTTPS. A client
/// trusts the mock by trusting ``certificateAuthorityPEM`` (write it to a file with ``writeCertificateAuthority(to:)``
/// and name that file, as `curl --cacert` does).
///
/// The keys protect nothing: they are public on purpose, and only ever used on 127.0.0.1.
public enum MockCertificates {
    /// A server certificate the mock can present, named as `forecast-mock --certificate` takes it.
    public enum Server: String, Sendable, Hashable, CaseIterable {
        /// For localhost, 127.0.0.1 and ::1, valid 2025–2075: what a client should accept.
        case localhost
        /// For other.example only: a client connecting to 127.0.0.1 must refuse it by name.
        case otherHost = "other-host"
        /// For localhost and 127.0.0.1, valid only in 2020: a client must refuse it as expired.
        case expired
    }

    /// Writes the test CA in PEM form to `path`, replacing any file there.
    public static func writeCertificateAuthority(to path: String) throws {
        try Data(certificateAuthorityPEM.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The test CA that signs every server certificate of the mock (PEM).
    public static let certificateAuthorityPEM = text(PackageResources.ca_pem)

    /// A CA that signs nothing here: a trust store holding only it trusts none of the mock's certificates (PEM).
    public static let strangerAuthorityPEM = text(PackageResources.stranger_ca_pem)

    /// The name of the test CA's file in a hashed CA directory, as `openssl rehash` makes it:
    /// `openssl x509 -subject_hash` of a CA named as the script names it, so new keys keep it.
    public static let certificateAuthorityHashName = "ff73ba8a.0"

    /// The name of the stranger CA's file in a hashed CA directory.
    public static let strangerAuthorityHashName = "f99fa706.0"

    /// The PEM certificate and private key (PKCS #8) of a server certificate.
    static func pem(_ server: Server) -> (certificate: String, key: String) {
        switch server {
        case .localhost: (text(PackageResources.localhost_pem), text(PackageResources.localhost_key_pem))
        case .otherHost: (text(PackageResources.other_host_pem), text(PackageResources.other_host_key_pem))
        case .expired: (text(PackageResources.expired_pem), text(PackageResources.expired_key_pem))
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
