import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// The agency's files: an office's newest sample byte for byte, a template holding the office's
/// own cities for the other offices of `jma/areas.tsv`, 404 for anything else.
@Suite("Agency routes", .timeLimit(.minutes(5)))
struct AgencyRouteTests {
    static let forecastPath = "/bosai/forecast/data/forecast/"
    static let overviewPath = "/bosai/forecast/data/overview_forecast/"

    @Test(
        "An office with samples gets its newest forecast sample byte for byte, with JSON headers",
        arguments: [
            ("011000", "forecast-011000-20210724.json"), ("014100", "forecast-014100-20260812.json"),
            ("130000", "forecast-130000-20260312.json"), ("230000", "forecast-230000-20250717.json"),
            ("460100", "forecast-460100-20260812.json"), ("471000", "forecast-471000-20210724.json"),
        ]
    )
    func newestSample(office: String, sample: String) async throws {
        #expect(try AgencyReading.newestSamples()[office] == sample)
        let expected = try fixtureBytes("jma/" + sample)
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, Self.forecastPath + office + ".json")
            #expect(response.status == 200)
            #expect(response.body == expected)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Content-Length") == String(expected.count))
        }
    }

    @Test("Every other office of areas.tsv gets a template holding each of its cities by the API's rules")
    func templates() async throws {
        let samples = try AgencyReading.newestSamples()
        let base = try #require(
            try parseJSON(try fixtureBytes("jma/" + samples["130000"]!)) as? [[String: Any]])
        let offices = try AgencyReading.offices().filter { samples[$0.code] == nil }
        #expect(offices.count == 56 - samples.count)
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                for office in offices {
                    let response = try await connection.request(Self.forecastPath + office.code + ".json")
                    #expect(response.status == 200, "\(office.code)")
                    let file = try parseJSON(response.body)
                    for city in office.cities {
                        let problems = AgencyReading.problems(in: file, city: city)
                        #expect(problems.isEmpty, "office \(office.code), city \(city.id): \(problems)")
                    }
                    let reports = try #require(file as? [[String: Any]])
                    let points = AgencyReading.codes((reports[0]["timeSeries"] as! [[String: Any]])[2])
                    #expect(points == office.cities.map(\.points[0]), "points of \(office.code)")
                    for index in 0..<2 {
                        #expect(
                            reports[index]["reportDatetime"] as? String == base[index]["reportDatetime"] as? String)
                    }
                }
            }
        }
    }

    @Test("Every office of areas.tsv has a forecast and an overview; those with samples are the samples' offices")
    func everyOffice() throws {
        let agency = try AgencyStore.load(fixtures: fixturesDirectory.path)
        let offices = Set(try AgencyReading.offices().map(\.code))
        #expect(offices.count == 56)
        #expect(Set(agency.forecasts.keys) == offices)
        #expect(Set(agency.overviews.keys) == offices)
        #expect(agency.sampleOffices == ["011000", "014100", "130000", "230000", "460100", "471000"])
    }

    @Test("The Tokyo overview is its sample byte for byte; another office's is written from its forecast file, naming its areas (before: Tokyo's text)")
    func overviews() async throws {
        let sample = try fixtureBytes("jma/overview_forecast-130000-20230728.json")
        let sampleObject = try #require(try parseJSON(sample) as? [String: String])
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                let tokyo = try await connection.request(Self.overviewPath + "130000.json")
                #expect(tokyo.status == 200)
                #expect(tokyo.body == sample)
                #expect(tokyo.header("Content-Type") == "application/json")
                // 大阪: a derived office; 那覇's 471000: a real forecast file, but no real overview.
                for office in ["270000", "471000"] {
                    let response = try await connection.request(Self.overviewPath + office + ".json")
                    #expect(response.status == 200)
                    let overview = try #require(try parseJSON(response.body) as? [String: String])
                    #expect(Set(overview.keys) == Set(sampleObject.keys))
                    let forecast = try #require(
                        try parseJSON(try await connection.request(Self.forecastPath + office + ".json").body) as? [[String: Any]])
                    let areas = try #require((forecast[0]["timeSeries"] as? [[String: Any]])?[0]["areas"] as? [[String: Any]])
                    let paragraphs = areas.map { entry in
                        let name = (entry["area"] as? [String: String])?["name"] ?? "?"
                        let weathers = (entry["weathers"] as? [String] ?? []).map { $0.replacingOccurrences(of: "\u{3000}", with: "") }
                        return "\u{3000}\(name)では、今日は\(weathers[0])、明日は\(weathers[1])でしょう。"
                    }
                    #expect(overview["text"] == paragraphs.joined(separator: "\n\n"))
                    #expect(overview["text"]?.contains("関東甲信") == false)
                    #expect(overview["targetArea"] == (office == "270000" ? "大阪府" : "沖縄県"))
                    #expect(overview["headlineText"] == "")
                    #expect(overview["publishingOffice"] == forecast[0]["publishingOffice"] as? String)
                    #expect(overview["reportDatetime"] == forecast[0]["reportDatetime"] as? String)
                }
            }
        }
    }

    @Test(
        "An office outside areas.tsv, a city ID that is no office, or a malformed file name is 404",
        arguments: [
            forecastPath + "999999.json", overviewPath + "999999.json", forecastPath + "130010.json",
            forecastPath + "130000", forecastPath + ".json", forecastPath + "130000.json/x",
            "/bosai/forecast/data/overview_week/130000.json",
        ]
    )
    func unknownOffice(target: String) async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, target)
            #expect(response.status == 404)
        }
    }

    @Test("A query is ignored: the file is the same with a cache buster")
    func query() async throws {
        let expected = try fixtureBytes("jma/forecast-130000-20260312.json")
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, Self.forecastPath + "130000.json?_=1")
            #expect(response.body == expected)
        }
    }

    @Test("A fixtures folder without jma/ starts and serves no office")
    func withoutAgencyFolder() async throws {
        let folder = try FixtureStoreTests.copyOfFixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await MockServer.withServer(MockConfiguration(fixturesDirectory: folder)) { server in
            let response = try await TestConnection.request(port: server.port, Self.forecastPath + "130000.json")
            #expect(response.status == 404)
        }
    }

    @Test("A jma/ folder without areas.tsv, or with a sample that is not JSON, stops start-up with a FixtureError")
    func badAgencyFolder() throws {
        let folder = try FixtureStoreTests.copyOfFixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/jma", withIntermediateDirectories: false)
        #expect(throws: FixtureError(path: folder + "/jma/areas.tsv", problem: "does not exist")) {
            try FixtureStore.load(directory: folder)
        }
        try FileManager.default.copyItem(
            atPath: fixturesDirectory.path + "/jma/areas.tsv", toPath: folder + "/jma/areas.tsv")
        #expect(throws: FixtureError.self) { try FixtureStore.load(directory: folder) }
        for name in ["forecast-130000-20260312.json", "overview_forecast-130000-20230728.json"] {
            try FileManager.default.copyItem(
                atPath: fixturesDirectory.path + "/jma/" + name, toPath: folder + "/jma/" + name)
        }
        #expect(try AgencyStore.load(fixtures: folder).forecasts.count == 56)
        try Data("[{\"a\": ".utf8).write(to: URL(fileURLWithPath: folder + "/jma/forecast-270000-20990101.json"))
        #expect(throws: FixtureError.self) { try FixtureStore.load(directory: folder) }
    }
}
