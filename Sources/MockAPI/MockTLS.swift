/// How a ``MockServer`` speaks TLS: which certificate it presents and which protocols it offers by ALPN.
public struct MockTLS: Sendable {
    /// The certificate presented to every client.
    public var certificate: MockCertificates.Server
    /// ALPN protocol names, in the server's order of preference: `h2` and `http/1.1`. A client
    /// that offers none of them (or no ALPN at all) gets HTTP/1.1.
    public var protocols: [String]

    /// HTTPS with `certificate`, offering HTTP/2 and HTTP/1.1.
    public init(certificate: MockCertificates.Server = .localhost, protocols: [String] = ["h2", "http/1.1"]) {
        (self.certificate, self.protocols) = (certificate, protocols)
    }
}
