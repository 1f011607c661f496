/// When and how soon a failed attempt is tried again.
///
/// Transient failures are retried: a connect failure, a timeout, a reset or empty reply, a body cut short, and the
/// statuses 408, 429, 500, 502, 503 and 504. The wait doubles from `baseDelay` up to `maxDelay`, with jitter (a random
/// 50–100 % of it) so that many clients do not retry in step; a `Retry-After` header (seconds or an HTTP date, read by
/// libcurl: `CURLINFO_RETRY_AFTER`) replaces it, capped at `maxRetryAfter`. Only idempotent methods are retried.
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
    public var retryableStatuses: Set<Int> {
        get { statuses ?? Set(Self.defaultStatuses) }
        set { statuses = newValue }
    }
    /// The transport failures that are retried.
    public var retryableErrors: Set<CurlError.Kind> {
        get { errors ?? Set(Self.defaultErrors) }
        set { errors = newValue }
    }
    /// The methods whose requests may be retried: the idempotent ones by default.
    public var retryableMethods: Set<HTTPMethod> {
        get { methods ?? Set(Self.defaultMethods) }
        set { methods = newValue }
    }
    /// An extra test of a complete response, for servers that report a transient failure inside a 200 body. Return true
    /// to retry. It runs on the session's engine thread, between transfers: keep it short and do not block in it.
    public var retryableResponse: (@Sendable (Response) -> Bool)?

    /// Creates a policy; the defaults retry transient failures of idempotent requests twice. A set left nil is the
    /// default one: statuses 408, 429, 500, 502, 503 and 504; the errors `couldNotConnect`, `timedOut`,
    /// `connectionReset` and `partialBody`; the methods GET, HEAD, PUT, DELETE and OPTIONS. A proxy refusing the tunnel
    /// (`proxyTunnelRefused`), a refused connection (`connectionRefused`: nothing listens there) and a passed deadline
    /// (`deadlineExceeded`) are not transient.
    public init(
        maxRetries: Int = 2,
        baseDelay: Duration = .milliseconds(250),
        maxDelay: Duration = .seconds(8),
        maxRetryAfter: Duration = .seconds(30),
        retryableStatuses: Set<Int>? = nil,
        retryableErrors: Set<CurlError.Kind>? = nil,
        retryableMethods: Set<HTTPMethod>? = nil,
        retryableResponse: (@Sendable (Response) -> Bool)? = nil
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        statuses = retryableStatuses
        errors = retryableErrors
        methods = retryableMethods
        self.retryableResponse = retryableResponse
    }

    /// No retries at all.
    public static let none = RetryPolicy(maxRetries: 0)

    // The sets given to init, nil for the defaults. The defaults are tested as arrays: a policy that keeps them builds
    // no Set, and the first Set of an element type costs the Swift runtime a scan of every protocol conformance in the
    // image for the element's Hashable, start-up work that a command run from a status bar pays at every start.
    private var statuses: Set<Int>?
    private var errors: Set<CurlError.Kind>?
    private var methods: Set<HTTPMethod>?
    private static let defaultStatuses = [408, 429, 500, 502, 503, 504]
    private static let defaultErrors: [CurlError.Kind] = [.couldNotConnect, .timedOut, .connectionReset, .partialBody]
    private static let defaultMethods: [HTTPMethod] = [.get, .head, .put, .delete, .options]

    func shouldRetry(_ response: Response) -> Bool {
        let status = response.status
        let listed = statuses?.contains(status) ?? Self.defaultStatuses.contains(status)
        return listed || (retryableResponse?(response) ?? false)
    }

    func retries(_ kind: CurlError.Kind) -> Bool {
        errors?.contains(kind) ?? Self.defaultErrors.contains(kind)
    }

    func retries(_ method: HTTPMethod) -> Bool {
        methods?.contains(method) ?? Self.defaultMethods.contains(method)
    }

    /// The wait before attempt `attempt + 1`, after `attempt` attempts have failed: the
    /// server's `Retry-After` if it sent one (capped), else the jittered exponential backoff.
    public func delay(after attempt: Int, retryAfter: Duration?) -> Duration {
        var random = SystemRandomNumberGenerator()
        return delay(after: attempt, retryAfter: retryAfter, using: &random)
    }

    /// As ``delay(after:retryAfter:)``, with the jitter drawn from `random`: the session's
    /// scheduler draws from its own source, which tests fix.
    func delay(after attempt: Int, retryAfter: Duration?, using random: inout some RandomNumberGenerator) -> Duration {
        if let retryAfter { return min(retryAfter, maxRetryAfter) }
        let exponent = min(max(attempt - 1, 0), 30)
        let full = min(baseDelay * (1 << exponent), maxDelay)
        // The top 53 bits of one draw as a fraction in [0, 1): a draw of 0 gives exactly half
        // the wait, the largest draw just under all of it.
        let fraction = Double(random.next() >> 11) * 0x1p-53
        return full * (0.5 + 0.5 * fraction)
    }
}
