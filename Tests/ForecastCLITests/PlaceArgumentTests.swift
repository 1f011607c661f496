import Forecast
@testable import ForecastCLI
import Testing

/// Issue 41, points 6, 7, 4 (`cities`) and 9 (`cities zzz`): words that do not find their city.
@Suite("Places, misspelt commands and the catalog's listing on the command line")
struct PlaceArgumentTests {
    /// The message a fetch's arguments end with, or nil when they resolve.
    private func problem(_ arguments: [String], input: String = "") -> String? {
        do {
            _ = try resolved(arguments, input: input)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("A first operand near a command's name, or a word people use for it, gets did-you-mean (before: no city is called \"wek\")",
          arguments: [("wek", "week"), ("warning", "warnings"), ("hourly", "hours"), ("nwo", "now"), ("sunrise", "sun"), ("citis", "cities")])
    func misspeltCommand(word: String, command: String) {
        #expect(problem([word, "東京"]) == "no command or city is called \"\(word)\"; did you mean `forecast \(command)`?")
    }

    @Test("Only the first operand of `forecast` itself can be a command: later ones, and a named command's, are cities")
    func misspeltCommandOnlyFirst() {
        #expect(problem(["東京", "wek"]) == "no city is called \"wek\"; see `forecast cities` for the list")
        #expect(problem(["week", "wek"]) == "no city is called \"wek\"; see `forecast cities` for the list")
        #expect(problem(["-"], input: "wek\n") == "standard input, line 1: no city is called \"wek\"; see `forecast cities` for the list")
    }

    @Test("Municipalities and points are cities on the command line, on standard input and in the config file")
    func everywhere() throws {
        #expect(try resolved(["新宿区", "35.68,139.77", "札幌市"]).map(\.id) == ["130010", "130010", "016010"])
        #expect(try resolved(["-"], input: "横浜市 26.21,127.68\n東京都府中市\n").map(\.id) == ["140010", "471010", "130010"])
        #expect(try resolved([], file: "shinjuku\n35.68,139.77\n").map(\.id) == ["130010", "130010"])
        #expect(try resolved(["35.68 139.77"]).map(\.id) == ["130010"])
    }

    @Test("-v names the municipality or the point's nearest city, and how far it is")
    func verboseNotes() throws {
        guard case .cities(_, _, let cities, _) = try invocation(["shinjuku", "35.68,139.77", "東京"]) else {
            Issue.record("not a fetch")
            return
        }
        var notes: [String] = []
        _ = try CityResolution.resolve(cities, readingStandardInput: { "" }) { notes.append($0) }
        #expect(notes == [
            "shinjuku: 新宿区 (東京都), in 東京 (130010)",
            "35.68,139.77: 東京 (130010), the nearest city, 2.2 km from 35.6800N 139.7700E",
        ])
    }

    @Test("A shared name and a bad point are usage errors with their reasons")
    func refusals() {
        #expect(problem(["府中市"])?.hasPrefix("\"府中市\" names 2 places in different cities: 府中市 東京都 (1320600 → 東京 (130010)), ") == true)
        #expect(problem(["35.68,239.77"]) == "longitude 239.77 in \"35.68,239.77\" is not between -180 and 180; coordinates are LAT,LON in degrees, e.g. 35.68,139.77")
    }

    @Test("`-` skips a TSV header, so `forecast cities 沖縄 | forecast -` reads the seven cities")
    func headerOnStandardInput() throws {
        #expect(CityList.entries(in: "id\tcity\tprefecture\n471010\t那覇\t沖縄県\n").map(\.text) == ["471010"])
        let listed = CatalogFormatter().tsv(CityCatalog.search("沖縄"))
        #expect(listed.hasPrefix("id\tcity\t"))
        #expect(try resolved(["-"], input: listed).count == 7)
    }

    @Test("`forecast cities`: a header, the same columns in either language, coordinates (before: `--lang en` put the English name second and no header)")
    func citiesColumns() async throws {
        let header = "id\tcity\tprefecture\tcity_en\tprefecture_en\tlatitude\tlongitude\n"
        let naha = "471010\t那覇\t沖縄県\tNaha\tOkinawa\t26.2067\t127.6867\n"
        let ja = try await forecast(["cities", "那覇"])
        #expect(ja.stdout == header + naha)
        let en = try await forecast(["--lang", "en", "cities", "那覇"])
        #expect(en.stdout == ja.stdout)
        #expect(try await forecast(["cities", "--no-header", "那覇"]).stdout == naha)
        let json = try await forecast(["cities", "-f", "json", "那覇"])
        #expect(json.stdout.contains("\"latitude\": 26.2067, \"longitude\": 127.6867}"))
    }

    @Test("`forecast cities` lists the city a municipality or a point names when nothing matches as text")
    func citiesOfPlaces() async throws {
        #expect(try await forecast(["cities", "--no-header", "新宿区"]).stdout.hasPrefix("130010\t東京\t"))
        #expect(try await forecast(["cities", "--no-header", "35.68,139.77"]).stdout.hasPrefix("130010\t東京\t"))
        let shared = try await forecast(["cities", "府中市"])
        #expect(shared.status == 64)
        #expect(shared.stderr.hasPrefix("forecast: \"府中市\" names 2 places"))
    }

    @Test("`forecast cities zzz` is a usage error, 64, as an unknown city is elsewhere (before: 1)")
    func citiesNoMatch() async throws {
        let none = try await forecast(["cities", "zzz"])
        #expect(none.status == 64)
        #expect(none.stderr == "forecast: no city matches \"zzz\"\n")
        #expect(none.stdout.isEmpty)
    }
}
