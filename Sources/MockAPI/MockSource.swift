import NIOCore
import NIOHTTP1

/// One imitated source (the API, the agency's forecasts, observations, warnings): its files,
/// read from the fixtures when the server starts, and how it reads and answers a request for
/// one of them. The server does the rest (latency, faults, counters, the gate, the release
/// stamps' clock) the same for every source, by its ``name`` and the key a request names.
protocol MockSource: Sendable {
    /// What its faults, latencies and counters are kept under, written `--fault NAME:KEY=KIND`
    /// and, on `/stats`, `requests_NAME_KEY` (but the API's: ``MockSources/api``).
    static var name: String { get }
    /// The name whose latencies it takes: its own unless it says otherwise.
    static var latencyName: String { get }
    /// How its fault rules are written, for the message that rejects one:
    /// `office:OFFICE=KIND, e.g. office:270000=status:503`.
    static var faultForm: String { get }
    /// Whether a fault rule may name `key`: any key unless it says otherwise.
    static func acceptsFaultKey(_ key: Substring) -> Bool
    /// Reads its files from the fixtures folder `folder` (with no trailing `/`).
    static func load(fixtures folder: String) throws(FixtureError) -> Self
    /// The request for `path` (and `query`, after a `?`); nil when the path is none of its files'.
    func request(path: Substring, query: Substring?) -> SourceRequest?
}

extension MockSource {
    static var latencyName: String { name }
    static func acceptsFaultKey(_ key: Substring) -> Bool { true }
}

/// A request for one of a source's files, as its source read the path: what the server needs to
/// count it, delay it, fault it and answer it.
struct SourceRequest: Sendable {
    var source: any MockSource.Type
    /// The key it names (a city ID, an office code, a file); nil for none (`/api/forecast`
    /// without a city), which only the latency and the random fault for all reach.
    var key: String?
    /// The headers of its answer, which the faults that answer 200 send too.
    var headers: [(String, String)]
    /// Where ``Fault/redirectLoop`` sends it, if not to the same URI with or without a query.
    var loop: String? = nil
    /// Its answer, with no fault or one its source answers itself (``Fault/agencyOneReport``,
    /// ``Fault/amedasWithoutStation(_:)``), stamped if the stamp is given; run on the event loop.
    var answer: @Sendable (_ stamp: ReleaseStamp?, _ fault: Fault?) -> Answer

    /// Its source's name and its key, for its faults and counters.
    var target: FaultTarget? { key.map { FaultTarget(source: source.name, key: $0) } }
    /// Its key under the name of the source whose latencies it takes.
    var latencyTarget: FaultTarget? { key.map { FaultTarget(source: source.latencyName, key: $0) } }
}

struct Answer: Sendable {
    var status: HTTPResponseStatus
    var headers: [(String, String)]
    var body: ByteBuffer

    /// 404 with the API's framework's body, for a path the mock does not serve.
    static let notFound = Answer(status: .notFound, headers: MockHTTPHandler.jsonHeaders, body: CannedBody.notFound)

    /// The headers www.jma.go.jp sends with a file, without `Last-Modified` and
    /// `Accept-Ranges`: the mock answers neither conditional nor range requests.
    static let agencyHeaders: [(String, String)] = [
        ("Content-Type", "application/json"),
        ("X-Content-Type-Options", "nosniff"),
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Allow-Headers", "X-Requested-With"),
        ("Cache-Control", "max-age=1"),
    ]

    /// What the agency's server answers for a file it does not have: Apache's 404 page.
    static let agencyNotFound = Answer(
        status: .notFound, headers: [("Content-Type", "text/html; charset=iso-8859-1")], body: CannedBody.agencyNotFound)

    /// One of the agency's JSON files, as its server sends it.
    static func agencyFile(_ body: ByteBuffer) -> Answer {
        Answer(status: .ok, headers: agencyHeaders, body: body)
    }
}

extension Substring {
    /// `NAME` of a path `{folder}NAME.json`; nil for another folder or ending, an empty name or
    /// a further `/`, which the agency's server answers with 404.
    func jsonFileName(in folder: String) -> String? {
        guard hasPrefix(folder), hasSuffix(".json") else { return nil }
        let name = dropFirst(folder.count).dropLast(".json".count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }
}
