import Testing

@testable import Forecast

@Suite("A municipality or a point names the city it is in or nearest to (issue 41, 6 and 7)")
struct PlaceTests {
    /// The one city an argument names, or nil when it throws.
    private func city(_ argument: String) -> String? {
        try? CityCatalog.match(argument).cities.map(\.id).first
    }

    /// The error an argument throws, or nil when it names cities.
    private func failure(_ argument: String) -> UnknownCityError? {
        do {
            _ = try CityCatalog.match(argument)
            return nil
        } catch {
            return error
        }
    }

    @Test("新宿区 in every form, and without its suffix, is 東京 (before: no city is called \"新宿区\"; 新宿 suggested 新潟)",
          arguments: ["新宿区", "しんじゅくく", "シンジュクク", "Shinjuku City", "shinjuku city", "新宿", "shinjuku", "しんじゅく", "1310400"])
    func shinjuku(argument: String) throws {
        let match = try CityCatalog.match(argument)
        #expect(match.cities.map(\.id) == ["130010"])
        #expect(match.kind == .municipality(name: "新宿区", prefecture: "東京都"))
        #expect(match.note == "新宿区 (東京都), in 東京 (130010)")
    }

    @Test("Cities' municipalities: 札幌市 is 札幌, 横浜市 横浜, 石垣市 石垣島, 那覇市 那覇")
    func citiesOfTheirOwnName() {
        #expect(city("札幌市") == "016010")
        #expect(city("横浜市") == "140010")
        #expect(city("石垣市") == "474010")
        #expect(city("那覇市") == "471010")
        #expect(city("Sapporo City") == "016010")
        #expect(city("さっぽろし") == "016010")
    }

    @Test("The catalog's own names win: 沖縄 is the prefecture (7 cities), not 沖縄市; 大阪 the city, not the prefecture")
    func catalogWins() throws {
        #expect(try CityCatalog.match("沖縄").cities.count == 7)
        #expect(try CityCatalog.match("沖縄").kind == .catalog)
        #expect(try CityCatalog.match("大阪").cities.map(\.id) == ["270000"])
        #expect(try CityCatalog.match("沖縄市").cities.map(\.id) == ["471010"])
    }

    @Test("A name several municipalities share is refused, listing them with their prefectures; its full form or code picks one")
    func sharedName() throws {
        let fuchu = try #require(failure("府中市"))
        #expect(fuchu.problem == .sharedName)
        #expect(fuchu.candidates.map(\.code) == ["1320600", "3420800"])
        #expect(fuchu.description == """
            "府中市" names 2 places in different cities: 府中市 東京都 (1320600 → 東京 (130010)), \
            府中市 広島県 (3420800 → 広島 (340010)); name one with its prefecture, as "府中市 東京都", or by its code
            """)
        for form in ["府中市 東京都", "府中市　東京", "東京都 府中市", "東京都府中市", "Fuchu City, Tokyo", "fuchu tokyo", "1320600"] {
            #expect(city(form) == "130010", "\(form)")
        }
        #expect(city("府中市 広島県") == "340010")
        #expect(city("3420800") == "340010")
        // Without 市 it is also 府中町 (広島県): three places.
        #expect(failure("府中")?.candidates.count == 3)
        #expect(failure("府中市 大阪府")?.problem == .unknownName, "a prefecture that has none of them picks none")
        #expect(failure("池田町")?.candidates.count == 4)
    }

    @Test("A split municipality is its city when its parts share one (釧路市), the city of its own name when they do not (仙台市), else refused (豊田市)")
    func splitMunicipalities() throws {
        let kushiro = try CityCatalog.match("釧路市")
        #expect(kushiro.cities.map(\.id) == ["014020"])
        #expect(kushiro.kind == .municipality(name: "釧路市", prefecture: "北海道"))
        #expect(city("仙台市") == "040010")
        #expect(city("仙台市西部") == "040020")
        #expect(failure("豊田市")?.candidates.map(\.name) == ["豊田市西部", "豊田市東部"])
        #expect(city("豊田市東部") == "230020")
    }

    @Test("A point is its nearest city by great-circle distance, in any of its spellings",
          arguments: ["35.68,139.77", "35.68, 139.77", "35.68 139.77", "３５．６８，１３９．７７", "+35.68,+139.77"])
    func point(argument: String) throws {
        let match = try CityCatalog.match(argument)
        #expect(match.cities.map(\.id) == ["130010"])
        guard case .nearest(let latitude, let longitude, let kilometres) = match.kind else {
            Issue.record("\(match.kind)")
            return
        }
        #expect(latitude == 35.68 && longitude == 139.77)
        // 東京's point is 35.6917 N 139.7500 E: 2.2 km away.
        #expect(abs(kilometres - 2.2) < 0.1, "\(kilometres)")
        #expect(match.note == "東京 (130010), the nearest city, 2.2 km from 35.6800N 139.7700E")
    }

    @Test("Points far apart find their own cities: 那覇, 稚内, 父島")
    func points() {
        #expect(city("26.21,127.68") == "471010")
        #expect(city("45.41,141.67") == "011000")
        #expect(city("27.09,142.19") == "130040")
        #expect(CityCatalog.greatCircle(0, 0, 0, 180).rounded() == 20_015)
    }

    @Test("A point written wrong, out of range or far from Japan is refused with the reason",
          arguments: [
            ("95,139", "latitude 95 in \"95,139\" is not between -90 and 90"),
            ("35.68,239.77", "longitude 239.77 in \"35.68,239.77\" is not between -180 and 180"),
            ("35.68,", "\"35.68,\" is not a point: it needs a latitude and a longitude"),
            ("35.68,139.77,3", "\"35.68,139.77,3\" is not a point: it needs a latitude and a longitude"),
            ("35.6.8,139", "\"35.6.8,139\" is not a point: it needs a latitude and a longitude"),
            ("51.5,-0.12", "\"51.5,-0.12\" is 8634 km from the nearest city, 稚内 (011000); the cities are in Japan"),
          ])
    func badPoint(argument: String, reason: String) throws {
        let error = try #require(failure(argument))
        #expect(error.problem == .coordinates(reason))
        #expect(error.description == reason + "; coordinates are LAT,LON in degrees, e.g. 35.68,139.77")
    }

    @Test("Numbers without a point or a comma are no point: two IDs in one argument stay an unknown name")
    func notAPoint() {
        #expect(failure("130010 140010")?.problem == .unknownName)
        #expect(failure("1234567")?.problem == .malformedID, "seven digits no municipality has")
    }
}
