/// Where a request goes, read from its URI alone (the method is checked by the handler).
///
/// The agency's files are routed by their path alone: a query (a cache buster such as `?_=1`)
/// is ignored, as by the agency's static file server.
enum Route: Equatable, Sendable {
    /// How the city ID was given.
    enum Form: Equatable, Sendable {
        /// `/api/forecast/city/{id}`
        case path
        /// `/api/forecast?city={id}`
        case query
    }

    /// One of the files the agency publishes per forecast office.
    enum AgencyFile: Equatable, Sendable {
        /// `/bosai/forecast/data/forecast/{office}.json`: the 3-day and the weekly forecast.
        case forecast
        /// `/bosai/forecast/data/overview_forecast/{office}.json`: the forecaster's text.
        case overview
        /// `/bosai/warning/data/r8/{office}.json`: the warnings in force.
        case warning
    }

    /// One of the agency's AMeDAS observation files.
    enum AmedasFile: Equatable, Sendable {
        /// `/bosai/amedas/data/latest_time.txt`: the newest map file's time.
        case latestTime
        /// `/bosai/amedas/data/map/{name}.json`: every station at one time (the name is not
        /// checked here).
        case map(name: String)

        /// The file's name in fault rules and statistics: `latest_time` or `map`.
        var kind: String {
            switch self {
            case .latestTime: "latest_time"
            case .map: "map"
            }
        }
    }

    /// A forecast request naming a city ID (valid or not).
    case forecast(cityID: String, form: Form)
    /// A request for an office's file naming an office code (valid or not).
    case agency(office: String, file: AgencyFile)
    /// A request for one of the AMeDAS files.
    case amedas(AmedasFile)
    /// `/api/forecast` with no or an empty `city` parameter: 404, as the real API.
    case forecastWithoutCity
    /// `/echo`: the request described back as JSON (test helper).
    case echo
    /// `/bytes/{n}`: `n` bytes of `x` (test helper).
    case bytes(Int)
    /// `/pattern/{n}`: `n` bytes, byte `i` being `i % 251`, with the ETag `"pattern-{n}"`;
    /// `Range: bytes=S-` answers 206 from S, unless an `If-Range` names another validator
    /// (test helper for resumed downloads).
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
    /// `/digest-auth/{user}/{password}`: the echo for a request that answers the Digest
    /// challenge (MD5, `qop=auth`) with these credentials; 401 with the challenge otherwise
    /// (test helper).
    case digestAuth(user: String, password: String)
    /// `/reject/{status}`: the status (400 to 599) as soon as the head arrives, with
    /// `Connection: close`, before any body; the body that follows is read and dropped: a
    /// server refusing an upload early (test helper). Neither latency nor faults apply to it.
    /// `/reject/{status}/{k}`: the same for the first `k` requests to that URI (its query
    /// included) since the server started, and `/upload`'s answer for the later ones: a server that refuses an
    /// upload and then takes it, as a retry meets it.
    case reject(Int, times: Int?)
    /// `/stats`: the counters as `name value` lines, for scripts that run the mock as a
    /// process (benchmark helper).
    case stats
    /// A path with a trailing slash: 301 to this target, as the site's `.htaccess` does.
    case trailingSlash(target: String)
    /// Anything else: 404.
    case notFound

    /// Routes a request target such as `/api/forecast/city/130010` or `/api/forecast?city=130010`.
    init(uri: String) {
        let path: Substring
        let query: Substring?
        if let mark = uri.firstIndex(of: "?") {
            path = uri[..<mark]
            query = uri[uri.index(after: mark)...]
        } else {
            path = uri[...]
            query = nil
        }
        if path.count > 1, path.hasSuffix("/") {
            var target = String(path.dropLast())
            if let query {
                target += "?" + query
            }
            self = .trailingSlash(target: target)
            return
        }
        let cityPrefix = "/api/forecast/city/"
        let forecastPrefix = "/bosai/forecast/data/forecast/"
        let overviewPrefix = "/bosai/forecast/data/overview_forecast/"
        switch path {
        case "/api/forecast":
            let city = query.flatMap { Self.lastValue(of: "city", in: $0) } ?? ""
            self = city.isEmpty ? .forecastWithoutCity : .forecast(cityID: city, form: .query)
        case "/bosai/amedas/data/latest_time.txt":
            self = .amedas(.latestTime)
        case "/echo":
            self = .echo
        case "/upload":
            self = .upload
        case "/stats":
            self = .stats
        case _ where path.hasPrefix(cityPrefix):
            let id = path.dropFirst(cityPrefix.count)
            self = id.isEmpty || id.contains("/") ? .notFound : .forecast(cityID: String(id), form: .path)
        case _ where path.hasPrefix(forecastPrefix):
            self = Self.agency(path.dropFirst(forecastPrefix.count), file: .forecast)
        case _ where path.hasPrefix(overviewPrefix):
            self = Self.agency(path.dropFirst(overviewPrefix.count), file: .overview)
        case _ where path.hasPrefix(Self.warningPrefix):
            self = Self.agency(path.dropFirst(Self.warningPrefix.count), file: .warning)
        case _ where path.hasPrefix(Self.amedasMapPrefix) && path.hasSuffix(".json"):
            let name = path.dropFirst(Self.amedasMapPrefix.count).dropLast(".json".count)
            self = name.isEmpty || name.contains("/") ? .notFound : .amedas(.map(name: String(name)))
        case _ where path.hasPrefix("/basic-auth/"):
            let parts = path.dropFirst("/basic-auth/".count).split(separator: "/", omittingEmptySubsequences: false)
            self = parts.count == 2 ? .basicAuth(user: String(parts[0]), password: String(parts[1])) : .notFound
        case _ where path.hasPrefix("/digest-auth/"):
            let parts = path.dropFirst("/digest-auth/".count).split(separator: "/", omittingEmptySubsequences: false)
            self = parts.count == 2 ? .digestAuth(user: String(parts[0]), password: String(parts[1])) : .notFound
        case _ where path.hasPrefix("/reject/"):
            let parts = path.dropFirst("/reject/".count).split(separator: "/", omittingEmptySubsequences: false)
            let status = Int(parts[0]).flatMap { (400...599).contains($0) ? $0 : nil }
            let times = parts.count == 2 ? Int(parts[1]).flatMap { $0 > 0 ? $0 : nil } : nil
            self = if let status, parts.count == 1 || times != nil { .reject(status, times: times) } else { .notFound }
        case _ where path.hasPrefix("/pattern/"):
            let count = Int(path.dropFirst("/pattern/".count)).flatMap { $0 >= 0 ? $0 : nil }
            self = count.map(Route.pattern) ?? .notFound
        case _ where path.hasPrefix("/hold/"):
            let count = Int(path.dropFirst("/hold/".count)).flatMap { $0 > 0 ? $0 : nil }
            self = count.map(Route.hold) ?? .notFound
        case _ where path.hasPrefix("/bytes/"):
            let count = Int(path.dropFirst("/bytes/".count)).flatMap { $0 >= 0 ? $0 : nil }
            self = count.map(Route.bytes) ?? .notFound
        default:
            self = .notFound
        }
    }

    /// The routes of the imitated servers (the API's and the agency's), which get latency and
    /// faults.
    var isImitated: Bool {
        switch self {
        case .forecast, .forecastWithoutCity, .agency, .amedas: true
        default: false
        }
    }

    /// Routes that answer GET and HEAD only (others get 405).
    var allowsOnlyGET: Bool {
        switch self {
        case .forecast, .forecastWithoutCity, .agency, .amedas, .bytes, .hold, .stats: true
        default: false
        }
    }

    /// What the request's latency and faults are looked up by: the city or the office it names.
    var target: FaultTarget? {
        switch self {
        case .forecast(let cityID, _): .city(cityID)
        case .agency(let office, .warning): .warning(office)
        case .agency(let office, _): .office(office)
        case .amedas(let file): .amedas(file.kind)
        default: nil
        }
    }

    private static let amedasMapPrefix = "/bosai/amedas/data/map/"
    private static let warningPrefix = "/bosai/warning/data/r8/"

    /// `{office}.json` → the office's file; anything else (no `.json`, an empty code, a further
    /// `/`) → 404.
    private static func agency(_ name: Substring, file: AgencyFile) -> Route {
        guard name.hasSuffix(".json") else { return .notFound }
        let office = name.dropLast(".json".count)
        return office.isEmpty || office.contains("/") ? .notFound : .agency(office: String(office), file: file)
    }

    /// The value of the last `name=value` pair (as PHP reads repeated keys), not percent-decoded.
    private static func lastValue(of name: String, in query: Substring) -> String? {
        var found: String?
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name {
                found = parts.count > 1 ? String(parts[1]) : ""
            }
        }
        return found
    }
}
