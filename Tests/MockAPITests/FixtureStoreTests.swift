import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// The bodies are loaded once from `Fixtures/`: fixture files verbatim, the template for the rest.
@Suite("Fixture store", .timeLimit(.minutes(5)))
struct FixtureStoreTests {
    static let fixtureIDs = ["090010", "120010", "130010", "140010", "330010", "400040"]

    @Test("Rendering the template with Tokyo's row reproduces 130010.json byte for byte")
    func templateMatchesItsSource() throws {
        let template = String(decoding: try fixtureBytes("template.json"), as: UTF8.self)
        let tokyo = CityLocation(
            id: "130010", city: "東京", district: "東京地方", prefecture: "東京都", area: "関東", linkAreaCode: "130000"
        )
        #expect(
            Array(APIStore.render(template: template, location: tokyo).utf8)
                == (try fixtureBytes("130010.json")))
    }

    @Test("Every one of the 142 catalog cities has a valid JSON body titled with its own name")
    func wholeCatalog() throws {
        let store = try APIStore.load(fixtures: fixturesDirectory.path)
        let rows = TSV.rows(String(decoding: try fixtureBytes("cities.tsv"), as: UTF8.self)).dropFirst()
        #expect(rows.count == 142)
        #expect(store.bodies.count == 142)
        #expect(store.fixtureIDs == Set(Self.fixtureIDs))
        for row in rows {
            let body = try #require(store.body(for: row[0]), "no body for \(row[0])")
            let object = try #require(try parseJSON(Array(body.readableBytesView)) as? [String: Any])
            let location = try #require(object["location"] as? [String: String])
            #expect(location["city"] == row[1], "city of \(row[0])")
            #expect(object["title"] as? String == "\(location["prefecture"]!) \(row[1]) の天気")
        }
    }

    @Test("Placeholder values are JSON-escaped, so the body stays valid JSON")
    func escaping() throws {
        let template = String(decoding: try fixtureBytes("template.json"), as: UTF8.self)
        let odd = CityLocation(
            id: "000000", city: "a\"b\\c", district: "d", prefecture: "p", area: "x", linkAreaCode: "1")
        let body = APIStore.render(template: template, location: odd)
        let object = try #require(try parseJSON(Array(body.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "p a\"b\\c の天気")
    }

    @Test("A template's {{name}} placeholders are filled in and an unclosed {{ is left as text")
    func templateParts() {
        let location = CityLocation(id: "000000", city: "1", district: "d", prefecture: "p", area: "2", linkAreaCode: "3")
        #expect(APIStore.render(template: "a{{city}}b{{area}}c{{z", location: location) == "a1b2c{{z")
    }

    @Test("A folder's own {id}.json replaces the template for that city")
    func ownFixture() async throws {
        let folder = try Self.copyOfFixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"osaka\": true}".utf8).write(to: URL(fileURLWithPath: folder + "/270000.json"))
        try await MockServer.withServer(MockConfiguration(fixturesDirectory: folder)) { server in
            let response = try await TestConnection.request(port: server.port, "/api/forecast/city/270000")
            #expect(response.text == "{\"osaka\": true}")
        }
    }

    @Test("A missing folder or a template without its placeholders stops start-up with a FixtureError")
    func badFixtures() async throws {
        await #expect(throws: FixtureError(path: "/nonexistent/cities.tsv", problem: "does not exist")) {
            _ = try await MockServer.start(configuration: MockConfiguration(fixturesDirectory: "/nonexistent"))
        }
        let folder = try Self.copyOfFixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"title\": \"{{city}}\"}".utf8).write(to: URL(fileURLWithPath: folder + "/template.json"))
        #expect(throws: FixtureError.self) { try FixtureStore.load(directory: folder) }
    }

    /// A temporary folder with the catalog files and the template, but no city fixture.
    static func copyOfFixtures() throws -> String {
        let folder = try temporaryDirectory(prefix: "mockapi")
        for name in ["cities.tsv", "cities-api-location.tsv", "template.json"] {
            try FileManager.default.copyItem(atPath: fixturesDirectory.path + "/" + name, toPath: folder + "/" + name)
        }
        return folder
    }
}
