import NIOCore

/// The API's bodies of the 142 catalog cities (`/api/forecast/city/{id}`,
/// `/api/forecast?city={id}`), loaded once when the server starts.
///
/// A city with a file `{id}.json` in the fixtures folder gets that file's bytes verbatim; every other catalog city gets
/// a body derived from `template.json` (a copy of `130010.json` whose title, link and location are placeholders):
/// filled in from its row of `cities-api-location.tsv`, with weather of its own drawn from its ID (``DerivedWeather``).
struct APIStore: MockSource {
    static let name = "city"
    static let faultForm = "CITY=KIND, e.g. 130010=status:503"

    /// The headers of every successful answer, as the real API sends them.
    static let headers: [(String, String)] = [
        ("Content-Type", "application/json"),
        ("Access-Control-Allow-Origin", "*"),
        ("Cache-Control", "no-cache, private"),
    ]

    static let cityPath = "/api/forecast/city/"

    /// The body for each catalog city ID, dated as its fixture or the template.
    let bodies: [String: ByteBuffer]
    /// IDs that have their own fixture file (the rest are derived from the template).
    let fixtureIDs: Set<String>
    /// The `location.district` of each city whose body is derived, which its overview names.
    let derivedDistricts: [String: String]

    /// `/api/forecast/city/{id}` or `/api/forecast?city={id}` (the last `city`, as PHP reads
    /// repeated keys); `/api/forecast` without a city is 404, as the real API's.
    func request(path: Substring, query: Substring?) -> SourceRequest? {
        let cityID: String
        let otherForm: String
        if path == "/api/forecast" {
            cityID = query.flatMap { Self.lastValue(of: "city", in: $0) } ?? ""
            otherForm = Self.cityPath + cityID
        } else if path.hasPrefix(Self.cityPath) {
            let id = path.dropFirst(Self.cityPath.count)
            guard !id.isEmpty, !id.contains("/") else { return nil }
            cityID = String(id)
            otherForm = "/api/forecast?city=" + cityID
        } else {
            return nil
        }
        guard !cityID.isEmpty else {
            let uri = query.map { "\(path)?\($0)" } ?? String(path)
            return SourceRequest(source: Self.self, key: nil, headers: Self.headers, loop: uri) { _, _ in .notFound }
        }
        return SourceRequest(source: Self.self, key: cityID, headers: Self.headers, loop: otherForm) { stamp, _ in
            Answer(status: .ok, headers: Self.headers, body: self.body(for: cityID, stamp: stamp) ?? CannedBody.invalidCity)
        }
    }

    /// The body of a catalog city as it is served: as loaded, or with the release time and dates of `stamp`, a derived
    /// body's weather drawn again for its new dates. Nil for an ID outside the catalog.
    func body(for cityID: String, stamp: ReleaseStamp? = nil) -> ByteBuffer? {
        guard let body = bodies[cityID] else { return nil }
        guard let stamp, let json = try? JSONValue(parsing: body.readableBytesView) else { return body }
        var stamped = stamp.stampingAPIBody(json)
        if let district = derivedDistricts[cityID] {
            stamped = DerivedWeather(seed: cityID).apiBody(from: stamped, district: district)
        }
        return stamped == json ? body : ByteBuffer(string: stamped.text(.pretty))
    }

    /// Reads the catalog, the fixtures and the template from `folder`.
    static func load(fixtures folder: String) throws(FixtureError) -> APIStore {
        let catalogFile = folder + "/cities.tsv"
        let ids = try TSV.records(try FixtureFiles.readText(catalogFile), file: catalogFile, columns: ["id"]).map { $0.cells[0] }
        guard !ids.isEmpty else { throw FixtureError(path: catalogFile, problem: "lists no city") }
        let locationsFile = folder + "/cities-api-location.tsv"
        let locations = try CityLocation.parseTable(try FixtureFiles.readText(locationsFile), file: locationsFile)
        let templateFile = folder + "/template.json"
        let template = try FixtureFiles.readText(templateFile)
        let missing = Self.placeholders.filter { !template.contains("{{\($0)}}") }
        guard missing.isEmpty else {
            throw FixtureError(
                path: templateFile, problem: "lacks " + missing.map { "{{\($0)}}" }.joined(separator: ", "))
        }

        var bodies: [String: ByteBuffer] = [:]
        var fixtureIDs: Set<String> = []
        var derivedDistricts: [String: String] = [:]
        for id in ids {
            if let bytes = try FixtureFiles.readIfPresent(folder + "/\(id).json") {
                bodies[id] = ByteBuffer(bytes: bytes)
                fixtureIDs.insert(id)
            } else if let location = locations[id] {
                let body = try derivedBody(template: template, location: location, file: templateFile)
                bodies[id] = ByteBuffer(string: body)
                derivedDistricts[id] = location.district
            } else {
                throw FixtureError(path: locationsFile, problem: "has no row for catalog city \(id)")
            }
        }
        return APIStore(bodies: bodies, fixtureIDs: fixtureIDs, derivedDistricts: derivedDistricts)
    }

    /// The placeholders `template.json` must contain, `{{name}}`.
    static let placeholders = ["prefecture", "city", "district", "area", "link_area_code"]

    /// `template` with each of ``placeholders`` replaced by the city's value, JSON-escaped.
    static func render(template: String, location: CityLocation) -> String {
        let values = [location.prefecture, location.city, location.district, location.area, location.linkAreaCode]
        return zip(placeholders, values).reduce(template) { $0.replacing("{{\($1.0)}}", with: JSONValue.escaped($1.1)) }
    }

    /// The body of a city without a fixture: the template filled in with its location, and the
    /// weather derived from its ID in place of the template's.
    static func derivedBody(template: String, location: CityLocation, file: String) throws(FixtureError) -> String {
        let filled = render(template: template, location: location)
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Array(filled.utf8))
        } catch {
            throw FixtureError(path: file, problem: "filled in for \(location.id) " + error.description)
        }
        return DerivedWeather(seed: location.id).apiBody(from: json, district: location.district).text(.pretty)
    }

    /// The value of the last `name=value` pair (as PHP reads repeated keys), not percent-decoded.
    private static func lastValue(of name: String, in query: Substring) -> String? {
        query.split(separator: "&").last { $0.prefix { $0 != "=" } == name }.map { String($0.drop { $0 != "=" }.dropFirst()) }
    }
}

// The API's entries have views of their own: it is the source most tests fault and count, and
// its fault rules name no source (`--fault 130010=reset`). The other sources' are written
// `faultsBySource["office", default: [:]]["270000"]`, `requestsBySource["office"]?["270000"]`.
extension MockConfiguration {
    /// ``faultsBySource``' `city` entry: faults by city ID.
    public var faultsByCity: [String: FaultRule] {
        get { faultsBySource[APIStore.name] ?? [:] }
        set { faultsBySource[APIStore.name] = newValue }
    }
}

extension MockStats {
    /// ``requestsBySource``' `city` entry: API requests by city ID.
    public var requestsByCity: [String: Int] { requestsBySource[APIStore.name] ?? [:] }
}

extension MockServer {
    /// The path form of the API's forecast URL for `cityID`: `<base>/api/forecast/city/<id>`.
    public func forecastURL(_ cityID: String) -> String { baseURL + APIStore.cityPath + cityID }
}

extension FixtureStore {
    /// The API's bodies among the sources (every source of the registry is loaded).
    var api: APIStore { sources.lazy.compactMap { $0 as? APIStore }.first! }
}
