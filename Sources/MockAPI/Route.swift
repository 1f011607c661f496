/// Where a request goes, read from its URI alone (the method is checked by the handler): to the
/// source whose file it names, else to one of the helper routes.
enum Route: Sendable {
    /// A request for one of an imitated source's files (valid or not): latency and faults apply.
    case source(SourceRequest)
    /// `/echo`: the request described back as JSON (test helper).
    case echo
    /// `/bytes/{n}`: `n` bytes of `x` (test helper).
    case bytes(Int)
    /// `/pattern/{n}`: `n` bytes, byte `i` being `i % 251`, with the ETag `"pattern-{n}"`; `Range: bytes=S-` answers
    /// 206 from S, unless an `If-Range` names another validator (test helper for resumed downloads).
    case pattern(Int)
    /// `/hold/{n}`: `n` bytes of `x` at once, and the end of the chunked body only when
    /// ``MockServer/release(where:)`` or ``MockServer/openGate()`` lets it go: until then the
    /// response stays open, counted in ``MockStats/held`` (test helper for a body that trickles).
    case hold(Int)
    /// `/upload`: a body of any size, counted and hashed as it arrives, never kept; the answer is
    /// `{"method", "bytes", "fnv1a"}` (test helper).
    case upload
    /// `/basic-auth/{user}/{password}`: the echo for a request whose `Authorization` is Basic
    /// with that user and password, else 401 with a Basic challenge (test helper).
    case basicAuth(user: String, password: String)
    /// `/digest-auth/{user}/{password}`: the echo for a request that answers the Digest challenge (MD5, `qop=auth`)
    /// with these credentials; 401 with the challenge otherwise (test helper).
    case digestAuth(user: String, password: String)
    /// `/reject/{status}`: the status (400 to 599) as soon as the head arrives, with `Connection: close`, before any
    /// body; the body that follows is read and dropped: a server refusing an upload early (test helper). Neither
    /// latency nor faults apply to it. `/reject/{status}/{k}`: the same for the first `k` requests to that URI (its
    /// query included) since the server started, and `/upload`'s answer for the later ones: a server that refuses an
    /// upload and then takes it, as a retry meets it.
    case reject(Int, times: Int?)
    /// `/stats`: the counters as `name value` lines, for scripts that run the mock as a process (benchmark helper).
    case stats
    /// A path with a trailing slash: 301 to this target, as the site's `.htaccess` does.
    case trailingSlash(target: String)
    /// Anything else: 404.
    case notFound

    /// Routes a request target such as `/api/forecast/city/130010` or `/echo` to the first of
    /// `sources` that reads its path, else to a helper route.
    init(uri: String, sources: [any MockSource]) {
        let mark = uri.firstIndex(of: "?")
        let path = uri[..<(mark ?? uri.endIndex)]
        let query = mark.map { uri[uri.index(after: $0)...] }
        if path.count > 1, path.hasSuffix("/") {
            self = .trailingSlash(target: String(path.dropLast()) + (query.map { "?" + $0 } ?? ""))
            return
        }
        if let request = sources.lazy.compactMap({ $0.request(path: path, query: query) }).first {
            self = .source(request)
            return
        }
        // `/NAME/ARGUMENT/…`: the helper routes, by their name and their arguments.
        let parts = path.first != "/" ? [] : path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let arguments = Array(parts.dropFirst())
        let count = arguments.count == 1 ? Int(arguments[0]) : nil
        switch (parts.first ?? "", arguments.count) {
        case ("echo", 0): self = .echo
        case ("upload", 0): self = .upload
        case ("stats", 0): self = .stats
        case ("basic-auth", 2): self = .basicAuth(user: arguments[0], password: arguments[1])
        case ("digest-auth", 2): self = .digestAuth(user: arguments[0], password: arguments[1])
        case ("reject", 1...2):
            let status = Int(arguments[0]).flatMap { (400...599).contains($0) ? $0 : nil }
            let times = arguments.count == 2 ? Int(arguments[1]).flatMap { $0 > 0 ? $0 : nil } : nil
            self = if let status, arguments.count == 1 || times != nil { .reject(status, times: times) } else { .notFound }
        case ("pattern", 1) where (count ?? -1) >= 0: self = .pattern(count!)
        case ("hold", 1) where (count ?? 0) > 0: self = .hold(count!)
        case ("bytes", 1) where (count ?? -1) >= 0: self = .bytes(count!)
        default: self = .notFound
        }
    }

    /// Routes that answer GET and HEAD only (others get 405).
    var allowsOnlyGET: Bool {
        switch self {
        case .source, .bytes, .hold, .stats: true
        default: false
        }
    }
}
