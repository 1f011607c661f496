import Forecast
import Testing

@Suite("The city catalog")
struct CatalogTests {
    @Test("It has the API's 142 cities with unique IDs and names")
    func size() {
        #expect(CityCatalog.all.count == 142)
        #expect(Set(CityCatalog.all.map(\.id)).count == 142)
        #expect(Set(CityCatalog.all.map(\.name)).count == 142)
        #expect(CityCatalog.all.first?.id == "011000")
    }

    @Test("東京, 130010 and ｜１３００１０｜ (full-width) resolve to the same city")
    func resolveTokyo() throws {
        let byName = try CityCatalog.resolve("東京")
        #expect(byName == CityCatalog.city(id: "130010"))
        #expect(try CityCatalog.resolve("130010") == byName)
        #expect(try CityCatalog.resolve("１３００１０") == byName)
        #expect(try CityCatalog.resolve(" 東京\u{3000}") == byName)
        #expect(byName.prefecture == "東京都")
        #expect(byName.district == "東京地方")
        #expect(byName.area == "関東")
    }

    @Test("横浜 resolves; a Hokkaido city carries the API's prefecture and the catalog's region")
    func resolveOthers() throws {
        #expect(try CityCatalog.resolve("横浜").id == "140010")
        let sapporo = try CityCatalog.resolve("札幌")
        #expect(sapporo.prefecture == "北海道")
        #expect(sapporo.region == "道央")
        #expect(try CityCatalog.resolve("011000").name == "稚内")
    }

    @Test("An unknown 6-digit ID is rejected with IDs of the same prefecture")
    func unknownID() {
        #expect(throws: UnknownCityError.self) { try CityCatalog.resolve("130099") }
        do {
            _ = try CityCatalog.resolve("130099")
        } catch {
            #expect(error.problem == .unknownID)
            #expect(error.suggestions.first?.id == "130010")
            #expect(error.description.hasPrefix("no city has the ID 130099; did you mean 東京 (130010)"))
        }
    }

    @Test("A malformed ID is rejected as such")
    func malformedID() {
        do {
            _ = try CityCatalog.resolve("13001")
            Issue.record("13001 resolved")
        } catch {
            #expect(error.problem == .malformedID)
            #expect(error.description.hasPrefix("\"13001\" is not a city ID (IDs have 6 digits"))
        }
    }

    @Test("A near-miss name suggests the closest cities")
    func nearMiss() {
        for (input, expected) in [("東京都", "東京"), ("横浜市", "横浜"), ("大坂", "大阪"), ("さっぽろ", nil)] as [(String, String?)] {
            do {
                _ = try CityCatalog.resolve(input)
                Issue.record("\(input) resolved")
            } catch {
                #expect(error.problem == .unknownName)
                if let expected {
                    #expect(error.suggestions.first?.name == expected, "for \(input): \(error.suggestions)")
                } else {
                    #expect(error.description.contains("forecast cities"))
                }
            }
        }
    }

    @Test("Search matches a substring of the ID, name, prefecture or region")
    func search() {
        // "東京" is also a substring of the prefecture 東京都.
        #expect(CityCatalog.search("東京").map(\.id) == ["130010", "130020", "130030", "130040"])
        #expect(CityCatalog.search("久留米").map(\.id) == ["400040"])
        #expect(CityCatalog.search("東京都").map(\.name) == ["東京", "大島", "八丈島", "父島"])
        #expect(CityCatalog.search("道北").count == 3)
        #expect(CityCatalog.search("北海道").count == 16)
        #expect(CityCatalog.search("4700").allSatisfy { $0.id.contains("4700") })
        #expect(CityCatalog.search("").count == 142)
        #expect(CityCatalog.search("ロンドン").isEmpty)
    }
}
