/// The certificate authorities a request trusts to vouch for a server's TLS certificate.
///
/// Verification itself is always on and cannot be turned off (`CURLOPT_SSL_VERIFYPEER`,
/// `CURLOPT_SSL_VERIFYHOST`); this only says whose word counts.
///
/// - ``system``, the default: the system's trust store, as libcurl finds it. Where libcurl runs on OpenSSL and its
///   compiled-in CA directory holds OpenSSL's hash links (Debian's `/etc/ssl/certs`), that directory is named alone and
///   the bundle file left unset: OpenSSL then reads only the certificates a handshake needs, instead of parsing the
///   whole bundle of some 140 CAs for every new connection, most of what a new connection would cost. The CAs trusted
///   are the same. Anywhere else, libcurl's own defaults apply.
/// - A named file or directory: exactly what is named is trusted, nothing else — the system store no longer counts
///   (libcurl: `CURLOPT_CAINFO`, `CURLOPT_CAPATH`; the one not named is unset). A file holds PEM certificates; a
///   directory holds PEM files under OpenSSL's `<hash>.0` names, as `openssl rehash` makes them.
public struct TrustRoots: Sendable, Hashable, CustomStringConvertible {
    /// A PEM file of CA certificates. libcurl: `CURLOPT_CAINFO`.
    public var caFile: String?
    /// A directory of CA certificates under hashed names. libcurl: `CURLOPT_CAPATH`.
    public var caDirectory: String?

    /// Trusts exactly the CAs of `caFile` and `caDirectory`; with neither, the system's store.
    public init(caFile: String? = nil, caDirectory: String? = nil) {
        self.caFile = caFile
        self.caDirectory = caDirectory
    }

    /// The system's trust store.
    public static let system = TrustRoots()

    /// True when neither a file nor a directory is named.
    public var isSystem: Bool {
        caFile == nil && caDirectory == nil
    }

    /// What curl's own command line trusts when it is given no `--cacert` or `--capath`: `CURL_CA_BUNDLE` names a file;
    /// without it, `SSL_CERT_DIR` names a directory and `SSL_CERT_FILE` a file (either or both). Empty variables count
    /// as unset. With none of them, ``system``.
    public init(curlEnvironment environment: [String: String]) {
        self.init(curlVariable: { environment[$0] })
    }

    /// The same, with each variable looked up by `variable` (nil for unset), such as getenv(3).
    public init(curlVariable variable: (String) -> String?) {
        func value(_ name: String) -> String? {
            guard let value = variable(name), !value.isEmpty else { return nil }
            return value
        }
        if let bundle = value("CURL_CA_BUNDLE") {
            self.init(caFile: bundle)
        } else {
            self.init(caFile: value("SSL_CERT_FILE"), caDirectory: value("SSL_CERT_DIR"))
        }
    }

    public var description: String {
        switch (caFile, caDirectory) {
        case (nil, nil): "the system's trust store"
        case (let file?, nil): "the CA file \(file)"
        case (nil, let directory?): "the CA directory \(directory)"
        case (let file?, let directory?): "the CA file \(file) and the CA directory \(directory)"
        }
    }
}
