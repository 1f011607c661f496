@testable import Forecast
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
        for (input, expected) in [("東京都庁", "東京"), ("横浜港", "横浜"), ("大坂", "大阪"), ("ロンドン", nil)] as [(String, String?)] {
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

    @Test("Every name form resolves: JMA's English name, katakana, hiragana, Hepburn romaji", arguments: [
        "Tokyo", "TOKYO", "tokyo", "Tōkyō", "TŌKYŌ", "toukyou", "tookyoo", "Tôkyô", "ｔｏｋｙｏ", "Ｔｏｋｙｏ",
        "トウキョウ", "トーキョー", "とうきょう", "ﾄｳｷｮｳ", "To-kyo", " to kyo ",
    ])
    func nameForms(argument: String) throws {
        #expect(try CityCatalog.resolve(argument).id == "130010")
    }

    @Test("Forms with spaces, hyphens, macrons, sokuon and voiced half-width kana")
    func otherForms() throws {
        #expect(try CityCatalog.resolve("Oshima Island").id == "130020")
        #expect(try CityCatalog.resolve("oshima-island").id == "130020")
        #expect(try CityCatalog.resolve("Ōsaka").id == "270000")
        #expect(try CityCatalog.resolve("oosaka").id == "270000")
        #expect(try CityCatalog.resolve("Aso-Otohime").name == "阿蘇乙姫")
        #expect(try CityCatalog.resolve("asootohime").name == "阿蘇乙姫")
        #expect(try CityCatalog.resolve("Kutchan").name == "倶知安")
        #expect(try CityCatalog.resolve("くっちゃん").name == "倶知安")
        #expect(try CityCatalog.resolve("Monbetsu").name == "紋別")
        #expect(try CityCatalog.resolve("Mombetsu").name == "紋別")
        #expect(try CityCatalog.resolve("ｷﾞﾌ").name == "岐阜")
        #expect(try CityCatalog.resolve("ｻｯﾎﾟﾛ").name == "札幌")
        #expect(try CityCatalog.resolve("Shinjou").name == "新庄")
    }

    @Test("The generator's romaji and folded keys agree with NameKey.fold for every city")
    func generatedKeys() {
        for city in CityCatalog.all {
            for form in [city.name, city.kana, city.hiragana, city.english, city.romaji] {
                #expect(city.keys.contains(NameKey.fold(form)), "\(city.id) \(form) → \(NameKey.fold(form)) not in \(city.keys)")
            }
            #expect(!city.english.isEmpty && !city.kana.isEmpty && !city.romaji.isEmpty)
        }
        #expect(CityCatalog.city(id: "130010")?.romaji == "Tōkyō")
        #expect(CityCatalog.city(id: "130010")?.hiragana == "とうきょう")
        let keys = CityCatalog.all.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "two cities share a folded name")
    }

    @Test("A prefecture, with or without its suffix, in kana or romaji, stands for its cities in catalog order")
    func prefectures() throws {
        let okinawa = CityCatalog.all.filter { $0.prefecture == "沖縄県" }
        #expect(okinawa.count == 7)
        for name in ["沖縄県", "沖縄", "okinawa", "Okinawa-ken", "おきなわ", "オキナワケン"] {
            #expect(try CityCatalog.resolveAll(name) == okinawa, "\(name)")
        }
        let hokkaido = try CityCatalog.resolveAll("hokkaido")
        #expect(hokkaido.count == 16)
        #expect(hokkaido == CityCatalog.all.filter { $0.prefecture == "北海道" })
        #expect(try CityCatalog.resolveAll("北海道") == hokkaido)
        #expect(try CityCatalog.resolveAll("京都府").map(\.name) == ["京都", "舞鶴"])
        #expect(try CityCatalog.resolveAll("東京都").map(\.name) == ["東京", "大島", "八丈島", "父島"])
    }

    @Test("A name that is a city's and a prefecture's means the city", arguments: [
        ("大阪", "270000"), ("京都", "260010"), ("kyoto", "260010"), ("東京", "130010"), ("宮崎", "450010"),
    ])
    func cityBeforePrefecture(name: String, id: String) throws {
        #expect(try CityCatalog.resolveAll(name).map(\.id) == [id])
        #expect(try CityCatalog.resolve(name).id == id)
    }

    @Test("resolve(_:) refuses a prefecture: it names several cities")
    func resolveRefusesPrefecture() {
        do {
            _ = try CityCatalog.resolve("沖縄県")
            Issue.record("沖縄県 resolved to one city")
        } catch {
            #expect(error.problem == .prefecture)
            #expect(error.suggestions.first?.name == "那覇")
        }
    }

    @Test("A typo in romaji gets suggestions in English and Japanese, never a guess")
    func romajiTypo() {
        do {
            _ = try CityCatalog.resolve("tokio")
            Issue.record("tokio resolved")
        } catch {
            #expect(error.problem == .unknownName)
            #expect(error.description.contains("did you mean Tokyo / 東京 (130010)"), "\(error.description)")
        }
    }

    @Test("A number matches IDs from their start, not anywhere in them (before: `cities 40` listed 30 cities)")
    func searchByIDPrefix() {
        #expect(CityCatalog.search("40").map(\.id) == ["400010", "400020", "400030", "400040"])
        #expect(CityCatalog.search("４７").count == 7)
        #expect(CityCatalog.search("0010").isEmpty)
        #expect(CityCatalog.search("130010").map(\.name) == ["東京"])
    }

    @Test("A name that is no city's gets the cities `forecast cities` would list for it (before: chichi, kume got no suggestion)")
    func suggestionsSearchAsCitiesDoes() throws {
        for (word, city) in [("chichi", "父島"), ("kume", "久米島")] {
            do {
                _ = try CityCatalog.resolve(word)
                Issue.record("\(word) resolved")
            } catch {
                #expect(error.problem == .unknownName)
                #expect(error.suggestions.map(\.name).contains(city), "\(word): \(error.suggestions)")
            }
        }
        // The issue's own example now names 石垣市 (its English name without "City"), which is in 石垣島.
        #expect(try CityCatalog.resolve("ishigaki").name == "石垣島")
    }

    @Test("Nonsense stays unknown", arguments: ["abc", "東京都庁", "x", "ー", "・", "tokyo2"])
    func nonsense(argument: String) {
        #expect(throws: UnknownCityError.self) { try CityCatalog.resolveAll(argument) }
    }

    @Test("Search looks in the English name, the reading and the romaji too")
    func searchAllForms() {
        #expect(CityCatalog.search("tokyo").map(\.id) == ["130010", "130020", "130030", "130040"])
        #expect(CityCatalog.search("okinawa").count == 7)
        #expect(CityCatalog.search("hokkaido").count == 16)
        #expect(CityCatalog.search("Island").count == 8)
        #expect(CityCatalog.search("47").map(\.prefecture).allSatisfy { $0 == "沖縄県" })
        #expect(CityCatalog.search("ナゴ").map(\.name) == ["名古屋", "米子", "名護"])  // よなご too
        #expect(CityCatalog.search("kyo").map(\.name).contains("京都"))
    }
}
