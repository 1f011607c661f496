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
/// other catalog city gets `template.json` (a copy of `130010.json` whose title, link and location
/// are placeholders) filled in from its row of `cities-api-location.tsv`. The agency's files come
/// from the `jma` folder (see ``AgencyStore``); a fixtures folder without one serves no office.
struct FixtureStore: Sendable {
    /// The body for each catalog city ID.
    let bodies: [String: ByteBuffer]
    /// IDs that have their own fixture file (the rest use the template).
    let fixtureIDs: Set<String>
    /// The agency's files.
    let agency: AgencyStore

    /// The body of a catalog city, or nil for an ID outside the catalog.
    func body(for cityID: String) -> ByteBuffer? {
        bodies[cityID]
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
        for id in ids {
            if let bytes = try FixtureFiles.readIfPresent(folder + "/\(id).json") {
                bodies[id] = ByteBuffer(bytes: bytes)
                fixtureIDs.insert(id)
            } else if let location = locations[id] {
                bodies[id] = ByteBuffer(string: render(template: template, location: location))
            } else {
                throw FixtureError(path: locationsFile, problem: "has no row for catalog city \(id)")
            }
        }
        var agency = AgencyStore.empty
        if FixtureFiles.exists(folder + "/jma") {
            agency = try AgencyStore.load(folder: folder + "/jma", cityNames: locations.mapValues(\.city))
        }
        return FixtureStore(bodies: bodies, fixtureIDs: fixtureIDs, agency: agency)
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
