import NIOCore
import NIOHTTP1

/// What the imitated servers answer when nothing goes wrong: the API's bodies and the agency's
/// files, stamped with the last release when the configuration says so.
extension MockHTTPHandler {
    /// A complete answer.
    struct Answer {
        var status: HTTPResponseStatus
        var headers: [(String, String)]
        var body: ByteBuffer
    }

    /// The headers the agency's server sends with a file (as captured from
    /// www.jma.go.jp in 2021), without `Last-Modified` and `Accept-Ranges`: the mock answers
    /// neither conditional nor range requests.
    static let agencyHeaders: [(String, String)] = [
        ("Content-Type", "application/json"),
        ("X-Content-Type-Options", "nosniff"),
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Allow-Headers", "X-Requested-With"),
        ("Cache-Control", "max-age=1"),
    ]

    /// The headers of `latest_time.txt`, as the agency's server sent them in 2026.
    static let latestTimeHeaders: [(String, String)] = [
        ("Content-Type", "text/plain"),
        ("Access-Control-Allow-Origin", "*"),
        ("Cache-Control", "max-age=60"),
    ]

    /// The headers of a successful answer on `route`'s server.
    static func successHeaders(for route: Route) -> [(String, String)] {
        switch route {
        case .agency, .amedas(.map): agencyHeaders
        case .amedas(.latestTime): latestTimeHeaders
        default: apiHeaders
        }
    }

    /// The normal answer to a request of the API's or the agency's routes; `reshape` alters an
    /// office's forecast file, `leaveOut` a station of an AMeDAS map file (for the agency's
    /// faults).
    func normalAnswer(
        _ request: PendingRequest, reshape: ((JSONValue) -> JSONValue)? = nil, leaveOut station: String? = nil
    ) -> Answer {
        switch request.route {
        case .forecast(let cityID, _):
            guard let body = self.store.body(for: cityID, stamp: request.stamp) else {
                return Answer(status: .ok, headers: Self.apiHeaders, body: CannedBody.invalidCity)
            }
            return Answer(status: .ok, headers: Self.apiHeaders, body: body)
        case .agency(let office, .warning):
            guard let body = self.store.warnings.file(for: office, stamp: request.stamp) else {
                let headers = [("Content-Type", "text/html; charset=iso-8859-1")]
                return Answer(status: .notFound, headers: headers, body: CannedBody.agencyNotFound)
            }
            return Answer(status: .ok, headers: Self.agencyHeaders, body: body)
        case .agency(let office, let kind):
            guard let served = self.store.agency.served(kind, office: office, stamp: request.stamp) else {
                let headers = [("Content-Type", "text/html; charset=iso-8859-1")]
                return Answer(status: .notFound, headers: headers, body: CannedBody.agencyNotFound)
            }
            let file = served.file
            var json = served.json
            if kind == .forecast, let reshape {
                json = reshape(json)
            }
            let bytes = json == file.json ? file.bytes : ByteBuffer(string: json.text(file.layout))
            return Answer(status: .ok, headers: Self.agencyHeaders, body: bytes)
        case .amedas(let file):
            let found: ByteBuffer? =
                switch file {
                case .latestTime: self.store.amedas?.latestTimeText(stamp: request.stamp)
                case .map(let name): self.store.amedas?.map(named: name, stamp: request.stamp)
                }
            guard var body = found else {
                let headers = [("Content-Type", "text/html; charset=iso-8859-1")]
                return Answer(status: .notFound, headers: headers, body: CannedBody.agencyNotFound)
            }
            if let station, case .map = file {
                body = AmedasStore.leavingOut(station, from: body)
            }
            return Answer(status: .ok, headers: Self.successHeaders(for: request.route), body: body)
        default:
            return Answer(status: .notFound, headers: Self.jsonHeaders, body: CannedBody.notFound)
        }
    }
}
