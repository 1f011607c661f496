import JapanTime
import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// The agency's AMeDAS files: `latest_time.txt` names the map file of the real copy in
/// `jma/amedas/`, or with release stamps the last ten-minute mark 7 minutes before the clock;
/// map files of other times are 404; faults leave a station out or break a file.
@Suite("AMeDAS routes", .timeLimit(.minutes(5)))
struct AmedasRouteTests {
    static let latestPath = "/bosai/amedas/data/latest_time.txt"
    static let mapPath = "/bosai/amedas/data/map/"

    @Test("latest_time.txt names the real map's time, with no newline; that map is served without white space, others are 404")
    func unstamped() async throws {
        let fixture = try fixtureBytes("jma/amedas/map-20210224150000.json")
        let expected = Array(try JSONValue(parsing: fixture).text(.compact).utf8)
        #expect(expected.count < fixture.count * 2 / 3 && !expected.contains(0x0A))  // 301 KB of 523
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                let latest = try await connection.request(Self.latestPath)
                #expect(latest.status == 200)
                #expect(String(decoding: latest.body, as: UTF8.self) == "2021-02-24T15:00:00+09:00")
                #expect(latest.header("Content-Type") == "text/plain")
                let map = try await connection.request(Self.mapPath + "20210224150000.json")
                #expect(map.status == 200 && map.body == expected)
                #expect(map.header("Content-Type") == "application/json")
                for name in ["20210224151000", "20210224145000", "2021022415000", "20210224150500", "x"] {
                    #expect(try await connection.request(Self.mapPath + name + ".json").status == 404, "\(name)")
                }
            }
            #expect(server.stats().requestsBySource["amedas"] == ["latest_time": 1, "map": 6])
        }
    }

    @Test(
        "Stamped, the newest time is the last ten-minute mark at least 7 minutes before the clock",
        arguments: [
            ("2026-11-26T12:06:59+09:00", "2026-11-26T11:50:00+09:00"),
            ("2026-11-26T12:07:00+09:00", "2026-11-26T12:00:00+09:00"),
            ("2026-11-26T00:03:00+09:00", "2026-11-25T23:50:00+09:00"),
        ]
    )
    func stamped(clock: String, latest: String) async throws {
        let now = ReleaseStampTests.instant(clock)
        try await MockServer.withServer(MockConfiguration(stampsRelease: true, clock: { now })) { server in
            try await TestConnection.with(port: server.port) { connection in
                let text = try await connection.request(Self.latestPath)
                #expect(String(decoding: text.body, as: UTF8.self) == latest)
                let name = latest.filter(\.isNumber).prefix(14)
                #expect(try await connection.request(Self.mapPath + name + ".json").status == 200)
                // Ten minutes later is not there yet; ten days before still is, eleven not.
                let seconds = ReleaseStampTests.seconds(latest)
                for (offset, status) in [(600, 404), (-10 * 86_400, 200), (-11 * 86_400, 404)] {
                    let other = JST.iso(seconds + offset).filter(\.isNumber).prefix(14)
                    #expect(try await connection.request(Self.mapPath + other + ".json").status == status, "\(other)")
                }
            }
        }
    }

    @Test("Faults: a map without one station, a 404 for latest_time.txt, a map that is not JSON")
    func faults() async throws {
        let configuration = MockConfiguration(faultsBySource: ["amedas": [
            "map": FaultRule(.amedasWithoutStation("44132"), firstAttempts: 1),
            "latest_time": FaultRule(.status(404)),
        ]])
        try await MockServer.withServer(configuration) { server in
            try await TestConnection.with(port: server.port) { connection in
                #expect(try await connection.request(Self.latestPath).status == 404)
                let without = try parseJSON(try await connection.request(Self.mapPath + "20210224150000.json").body)
                let stations = try #require(without as? [String: Any])
                #expect(stations["44132"] == nil && stations["11016"] != nil && stations.count == 1294)
                let whole = try parseJSON(try await connection.request(Self.mapPath + "20210224150000.json").body)
                #expect((whole as? [String: Any])?["44132"] != nil)
            }
            var broken = server.configuration
            broken.faultsBySource["amedas"] = ["map": FaultRule(.malformedJSON)]
            server.configuration = broken
            let body = try await TestConnection.request(port: server.port, Self.mapPath + "20210224150000.json").body
            #expect(throws: (any Error).self) { try parseJSON(body) }
        }
    }

    @Test("The fault specs of the AMeDAS files")
    func specs() throws {
        let (target, rule) = try FaultSpec.targetedRule("amedas:map=amedas-without:44132@2")
        #expect(target == FaultTarget(source: "amedas", key: "map") && rule.fault == .amedasWithoutStation("44132") && rule.firstAttempts == 2)
        #expect(try FaultSpec.targetedRule("amedas:latest_time=status:404").target == FaultTarget(source: "amedas", key: "latest_time"))
        #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule("amedas:point=status:404") }
        #expect(throws: FaultSpecError.self) { try FaultSpec.rule("amedas-without:") }
        #expect(try Route.of("/bosai/amedas/data/map/20210224150000.json?_=1").target == FaultTarget(source: "amedas", key: "map"))
        #expect(try Route.of("/bosai/amedas/data/latest_time.txt").target == FaultTarget(source: "amedas", key: "latest_time"))
    }
}
