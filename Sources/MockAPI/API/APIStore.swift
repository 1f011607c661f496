import NIOConcurrencyHelpers
import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The response bodies of the 142 catalog cities, and the agency's files, loaded once when the
/// server starts.
///
/// A city with a file `{id}.json` in the fixtures folder gets that file's bytes verbatim; every
/// other catalog city gets a body derived from `template.json` (a copy of `130010.json` whose
/// title, link and location are placeholders): filled in from its row of
/// `cities-api-location.tsv`, with weather of its own drawn from its ID (``DerivedWeather``).
/// The agency's files come from the `jma` folder (see ``AgencyStore``); a fixtures folder without
/// one serves no office.
struct FixtureStore: Sendable {
    /// The body for each catalog city ID, dated as its fixture or the template.
    let bodies: [String: ByteBuffer]
    /// IDs that have their own fixture file (the rest are derived from the template).
    let fixtureIDs: Set<String>
    /// The `location.district` of each city whose body is derived, which its overview names.
    let derivedDistricts: [String: String]
    /// The agency's files.
    let agency: AgencyStore
    /// The agency's AMeDAS observations, if the fixtures have a map file.
    let amedas: AmedasStore?
    /// The agency's warning files.
    let warnings: WarningStore

    /// The body of a catalog city, or nil for an ID outside the catalog.
    func body(for cityID: String) -> ByteBuffer? {
        bodies[cityID]
    }

    /// The body of a catalog city as it is served: as loaded, or with the release time and
    /// dates of `stamp`, a derived body's weather drawn again for its new dates. Nil for an ID
    /// outside the catalog.
    func body(for cityID: String, stamp: ReleaseStamp?) -> ByteBuffer? {
        guard let body = bodies[cityID] else { return nil }
        guard let stamp, let json = try? JSONValue(parsing: body.readableBytesView) else { return body }
        var stamped = stamp.stampingAPIBody(json)
        if let district = derivedDistricts[cityID] {
            stamped = DerivedWeather(seed: cityID).apiBody(from: stamped, district: district)
        }
        return stamped == json ? body : ByteBuffer(string: stamped.text(.pretty))
    }

    /// The store of the project's own `Fixtures/`, loaded once per process by the first server
    /// that serves it. That folder does not change while a process runs, and deriving its
    /// bodies costs about 0.2 s of CPU: a test suite starting hundreds of servers at once on
    /// two cores would spend most of its first minute on copies of one store. A `static let`
    /// is initialised once, and a server starting meanwhile waits those 0.2 s for it rather
    /// than loading a copy of its own (which is what made the suite's first half-minute on CI).
    private static let defaultStore = Result { () throws(FixtureError) -> FixtureStore in
        try load(directory: MockConfiguration.defaultFixturesDirectory)
    }

    /// ``load(directory:)``, read once per process for the default fixtures folder and afresh
    /// for any other (a test's folder may change between two servers).
    static func shared(directory: String) throws(FixtureError) -> FixtureStore {
        guard directory == MockConfiguration.defaultFixturesDirectory else {
            return try load(directory: directory)
        }
        return try defaultStore.get()
    }

    /// Reads the catalog, the fixtures, the template and the agency's files from `directory`.
    static func load(directory: String) throws(FixtureError) -> FixtureStore {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let ids = try catalogIDs(folder: folder)
        let locationsFile = folder + "/cities-api-location.tsv"
        let locations = try CityLocation.parseTable(try FixtureFiles.readText(locationsFile), file: locationsFile)
        let templateFile = folder + "/template.json"
        let template = BodyTemplate(try FixtureFiles.readText(templateFile))
        let missing = Self.placeholders.filter { !template.placeholders.contains($0) }
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
        var agency = AgencyStore.empty
        if FixtureFiles.exists(folder + "/jma") {
            agency = try AgencyStore.load(folder: folder + "/jma", cityNames: locations.mapValues(\.city))
        }
        let amedas = try AmedasStore.load(folder: folder + "/jma/amedas")
        var warnings = WarningStore(samples: [:], areas: [:], reported: 0)
        let areasFile = folder + "/jma/areas.tsv"
        if FixtureFiles.exists(areasFile) {
            let areas = try AgencyArea.parseTable(try FixtureFiles.readText(areasFile), file: areasFile)
            warnings = try WarningStore.load(folder: folder + "/jma/warnings", areas: areas)
        }
        return FixtureStore(
            bodies: bodies, fixtureIDs: fixtureIDs, derivedDistricts: derivedDistricts, agency: agency, amedas: amedas,
            warnings: warnings)
    }

    /// The placeholders `template.json` must contain.
    static let placeholders = ["prefecture", "city", "district", "area", "link_area_code"]

    /// Fills the placeholders of `template.json` (`{{prefecture}}`, `{{city}}`, `{{district}}`,
    /// `{{area}}`, `{{link_area_code}}`) with a city's values, JSON-escaped.
    static func render(template: BodyTemplate, location: CityLocation) -> String {
        template.render([
            "prefecture": JSONText.escaped(location.prefecture),
            "city": JSONText.escaped(location.city),
            "district": JSONText.escaped(location.district),
            "area": JSONText.escaped(location.area),
            "link_area_code": JSONText.escaped(location.linkAreaCode),
        ])
    }

    /// The body of a city without a fixture: the template filled in with its location, and the
    /// weather derived from its ID in place of the template's.
    static func derivedBody(
        template: BodyTemplate, location: CityLocation, file: String
    ) throws(FixtureError) -> String {
        let filled = render(template: template, location: location)
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Array(filled.utf8))
        } catch {
            throw FixtureError(path: file, problem: "filled in for \(location.id) " + error.description)
        }
        return DerivedWeather(seed: location.id).apiBody(from: json, district: location.district).text(.pretty)
    }

    /// The IDs in the `id` column of `cities.tsv`, in file order.
    private static func catalogIDs(folder: String) throws(FixtureError) -> [String] {
        let file = folder + "/cities.tsv"
        let ids = try TSV.records(try FixtureFiles.readText(file), file: file, columns: ["id"]).map { $0.cells[0] }
        guard !ids.isEmpty else {
            throw FixtureError(path: file, problem: "lists no city")
        }
        return ids
    }
}
