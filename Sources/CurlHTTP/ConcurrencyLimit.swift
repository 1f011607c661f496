/// A cap on how many of a set of requests are in flight at once, like curl's `--parallel-max`.
///
/// Give the same limit to many requests (`RequestOptions.limit`) and hand them all to the session at once: the
/// session's thread attaches at most `maxInFlight` of them to libcurl, and the moment one ends it attaches the next, in
/// the order they were made, on its own thread — with no round trip through the caller between one transfer's end and
/// the next one's start. A request waiting for a turn is not in flight: its timeout has not started. A retry waiting
/// out its backoff gives its turn back.
///
/// Requests without a limit, or with another one, are not held back by this one.
public final class ConcurrencyLimit: Sendable {
    /// At most this many requests of this limit are attached to libcurl at once (at least 1).
    public let maxInFlight: Int

    /// Creates a limit of `maxInFlight` requests in flight (values below 1 count as 1).
    public init(maxInFlight: Int) {
        self.maxInFlight = max(1, maxInFlight)
    }
}
