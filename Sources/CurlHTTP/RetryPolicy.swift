/// When and how soon a failed attempt is tried again.
///
/// Transient failures are retried: a connect failure, a timeout, a reset or empty reply, and
/// the statuses 408, 429, 500, 502, 503 and 504. The wait doubles from `baseDelay` up to
/// `maxDelay`, with jitter (a random 50–100 % of it) so that many clients do not retry in step;
/// a `Retry-After` header (seconds or an HTTP date, read by libcurl: `CURLINFO_RETRY_AFTER`)
/// replaces it, capped at `maxRetryAfter`. Only idempotent methods are retried.
public struct RetryPolicy: Sendable {
    /// Extra attempts after the first; 0 turns retrying off.
    public var maxRetries: Int
    /// The wait before the first retry; it doubles for each one after.
    public var baseDelay: Duration
    /// The longest wait between attempts, before jitter.
    public var maxDelay: Duration
    /// The longest `Retry-After` wait honoured; a longer one is shortened to this.
    public var maxRetryAfter: Duration
    /// The HTTP statuses that are retried.
    public var retryableStatuses: Set<Int>
    /// The transport failures that are retried.
    public var retryableErrors: Set<CurlError.Kind>
    /// The methods whose requests may be retried: the idempotent ones by default.
    public var retryableMethods: Set<HTTPMethod>
    /// An extra test of a complete response, for servers that report a transient failure inside
    /// a 200 body. Return true to retry. It runs on the session's engine thread, between
    /// transfers: keep it short and do not block in it.
    public var retryableResponse: (@Sendable (Response) -> Bool)?

    /// Creates a policy; the defaults retry transient failures of idempotent requests twice.
    public init(
        maxRetries: Int = 2,
        baseDelay: Duration = .milliseconds(250),
        maxDelay: Duration = .seconds(8),
        maxRetryAfter: Duration = .seconds(30),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableErrors: Set<CurlError.Kind> = [.couldNotConnect, .timedOut, .connectionReset],
        retryableMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options],
        retryableResponse: (@Sendable (Response) -> Bool)? = nil
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.retryableStatuses = retryableStatuses
        self.retryableErrors = retryableErrors
        self.retryableMethods = retryableMethods
        self.retryableResponse = retryableResponse
    }

    /// No retries at all.
    public static let none = RetryPolicy(maxRetries: 0)

    /// Whether a complete response calls for another attempt.
    func shouldRetry(_ response: Response) -> Bool {
        retryableStatuses.contains(response.status) || (retryableResponse?(response) ?? false)
    }

    /// The wait before attempt `attempt + 1`, after `attempt` attempts have failed: the
    /// server's `Retry-After` if it sent one (capped), else the jittered exponential backoff.
    public func delay(after attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter {
            return min(retryAfter, maxRetryAfter)
        }
        let exponent = min(max(attempt - 1, 0), 30)
        let full = min(baseDelay * (1 << exponent), maxDelay)
        return full * Double.random(in: 0.5...1.0)
    }
}
