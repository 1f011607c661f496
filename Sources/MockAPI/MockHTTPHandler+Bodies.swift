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

    /// The headers of a successful answer on `route`'s server.
    static func successHeaders(for route: Route) -> [(String, String)] {
        if case .agency = route { agencyHeaders } else { apiHeaders }
    }

    /// The normal answer to a request of the API's or the agency's routes; `reshape` alters an
    /// office's forecast file (for the agency's faults).
    func normalAnswer(_ request: PendingRequest, reshape: ((JSONValue) -> JSONValue)? = nil) -> Answer {
        switch request.route {
        case .forecast(let cityID, _):
            guard let body = self.store.body(for: cityID) else {
                return Answer(status: .ok, headers: Self.apiHeaders, body: CannedBody.invalidCity)
            }
            guard let stamp = request.stamp, let json = try? JSONValue(parsing: body.readableBytesView) else {
                return Answer(status: .ok, headers: Self.apiHeaders, body: body)
            }
            let stamped = stamp.stampingAPIBody(json)
            let bytes = stamped == json ? body : ByteBuffer(string: stamped.text(.pretty))
            return Answer(status: .ok, headers: Self.apiHeaders, body: bytes)
        case .agency(let office, let kind):
            let files = kind == .forecast ? self.store.agency.forecasts : self.store.agency.overviews
            guard let file = files[office] else {
                let headers = [("Content-Type", "text/html; charset=iso-8859-1")]
                return Answer(status: .notFound, headers: headers, body: CannedBody.agencyNotFound)
            }
            var json = file.json
            if let stamp = request.stamp {
                json = kind == .forecast ? stamp.stampingAgencyForecast(json) : stamp.stampingAgencyOverview(json)
            }
            if kind == .forecast, let reshape {
                json = reshape(json)
            }
            let bytes = json == file.json ? file.bytes : ByteBuffer(string: json.text(file.layout))
            return Answer(status: .ok, headers: Self.agencyHeaders, body: bytes)
        default:
            return Answer(status: .notFound, headers: Self.jsonHeaders, body: CannedBody.notFound)
        }
    }
}
