/// libcurl's timings of one transfer, each measured from the start of that attempt.
public struct Metrics: Sendable, Equatable {
    /// libcurl: `CURLINFO_NAMELOOKUP_TIME_T`.
    public var nameLookup: Duration
    /// libcurl: `CURLINFO_CONNECT_TIME_T`.
    public var connect: Duration
    /// TLS handshake done; zero for plain HTTP. libcurl: `CURLINFO_APPCONNECT_TIME_T`.
    public var tlsHandshake: Duration
    /// First byte of the response received. libcurl: `CURLINFO_STARTTRANSFER_TIME_T`.
    public var firstByte: Duration
    /// The whole attempt. libcurl: `CURLINFO_TOTAL_TIME_T`.
    public var total: Duration
    /// True when the attempt used a connection opened earlier. libcurl: `CURLINFO_NUM_CONNECTS` is 0.
    public var connectionReused: Bool

    /// Creates the timings of one attempt; CurlHTTP reads them from libcurl, so this is for tests.
    public init(
        nameLookup: Duration = .zero, connect: Duration = .zero, tlsHandshake: Duration = .zero,
        firstByte: Duration = .zero, total: Duration = .zero, connectionReused: Bool = false
    ) {
        self.nameLookup = nameLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.firstByte = firstByte
        self.total = total
        self.connectionReused = connectionReused
    }
}
