import JapanTime
import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// The agency's warning files (`/bosai/warning/data/r8/{office}.json`): the real copies byte for
/// byte, a file with nothing in force for every other office, faults of their own, counted apart.
@Suite("Warning routes", .timeLimit(.minutes(5)))
struct WarningRouteTests {
    static func path(_ office: String) -> String { "/bosai/warning/data/r8/\(office).json" }

    /// The one telegram of a made file: its time, and each area's kinds.
    static func madeFile(_ body: [UInt8]) throws -> (reported: String, areas: [String: [[String: String]]]) {
        let telegrams = try #require(try parseJSON(body) as? [[String: Any]])
        #expect(telegrams.count == 1)
        let telegram = try #require(telegrams.first)
        let items = try #require((telegram["warning"] as? [String: Any])?["class10Items"] as? [[String: Any]])
        var areas: [String: [[String: String]]] = [:]
        for item in items {
            areas[try #require(item["areaCode"] as? String)] = item["kinds"] as? [[String: String]]
        }
        return (try #require(telegram["reportDatetime"] as? String), areas)
    }

    @Test("130000, 014030 and 460040 are the real copies byte for byte; another office's file lists its areas with nothing in force; unknown codes 404")
    func files() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                for office in ["130000", "014030", "460040"] {
                    let response = try await connection.request(Self.path(office))
                    #expect(response.status == 200 && response.header("Content-Type") == "application/json")
                    #expect(response.body == (try fixtureBytes("jma/warnings/r8-\(office)-20260813.json")), "\(office)")
                }
                let chiba = try Self.madeFile(try await connection.request(Self.path("120000")).body)
                // The newest time of the real copies.
                #expect(chiba.reported == "2026-08-13T19:48:00+09:00")
                #expect(chiba.areas == [
                    "120010": [["status": "発表警報・注意報はなし"]], "120020": [["status": "発表警報・注意報はなし"]],
                    "120030": [["status": "発表警報・注意報はなし"]],
                ])
                // 十勝 and 奄美 are in files of their own, not their forecast offices'.
                #expect(Set(try Self.madeFile(try await connection.request(Self.path("014100")).body).areas.keys) == ["014010", "014020"])
                #expect(Set(try Self.madeFile(try await connection.request(Self.path("460100")).body).areas.keys) == ["460010", "460020", "460030"])
                for office in ["999999", "130010"] {
                    #expect(try await connection.request(Self.path(office)).status == 404, "\(office)")
                }
                #expect(try await connection.request("/bosai/warning/data/r8/130000").status == 404)
            }
            #expect(server.stats().requestsBySource["warning"] == ["130000": 1, "014030": 1, "460040": 1, "120000": 1, "014100": 1, "460100": 1, "999999": 1, "130010": 1])
            #expect(server.stats().requestsBySource["office"] == nil, "warning files are counted apart from the forecast files")
        }
    }

    @Test("Stamped, a made file says it was reported at the last forecast release; the real copies stay as they are")
    func stamped() async throws {
        let now = ReleaseStampTests.instant("2026-11-26T12:06:59+09:00")
        try await MockServer.withServer(MockConfiguration(stampsRelease: true, clock: { now })) { server in
            try await TestConnection.with(port: server.port) { connection in
                let made = try Self.madeFile(try await connection.request(Self.path("270000")).body)
                #expect(made.reported == "2026-11-26T11:00:00+09:00")
                #expect(made.reported == JST.iso(ReleaseStamp(now: now).forecastRelease))
                #expect(try await connection.request(Self.path("130000")).body == (try fixtureBytes("jma/warnings/r8-130000-20260813.json")))
            }
        }
    }

    @Test("A warning file's fault is its own: the office's forecast file is whole, and an office's fault leaves the warning file alone")
    func faults() async throws {
        let configuration = MockConfiguration(faultsBySource: [
            "office": ["270000": FaultRule(.status(503))],
            "warning": ["130000": FaultRule(.malformedJSON), "120000": FaultRule(.status(503), firstAttempts: 1)],
        ])
        try await MockServer.withServer(configuration) { server in
            try await TestConnection.with(port: server.port) { connection in
                let broken = try await connection.request(Self.path("130000"))
                #expect(throws: (any Error).self) { try parseJSON(broken.body) }
                let forecast = try await connection.request("/bosai/forecast/data/forecast/130000.json")
                #expect(forecast.status == 200)
                #expect(try parseJSON(forecast.body) is [Any])
                // The first attempt only.
                #expect(try await connection.request(Self.path("120000")).status == 503)
                #expect(try await connection.request(Self.path("120000")).status == 200)
                #expect(try await connection.request("/bosai/forecast/data/forecast/270000.json").status == 503)
                #expect(try await connection.request(Self.path("270000")).status == 200)
                let lines = try await connection.request("/stats").text.split(separator: "\n").map(String.init)
                #expect(lines.filter { $0.hasPrefix("requests_warning_") } == [
                    "requests_warning_120000 2", "requests_warning_130000 1", "requests_warning_270000 1",
                ])
            }
            #expect(server.stats().requestsBySource["office"] == ["130000": 1, "270000": 1])
        }
    }

    @Test("The fault specs and the route of the warning files")
    func specs() throws {
        let (target, rule) = try FaultSpec.targetedRule("warning:130000=malformed")
        #expect(target == FaultTarget(source: "warning", key: "130000") && rule == FaultRule(.malformedJSON))
        let (other, counted) = try FaultSpec.targetedRule("warning:014030=status:404@2")
        #expect(other == FaultTarget(source: "warning", key: "014030") && counted == FaultRule(.status(404), firstAttempts: 2))
        #expect(try FaultSpec.targetedRule("office:130000=malformed").target == FaultTarget(source: "office", key: "130000"))
        for bad in ["warning:=reset", "warning:130000", "warning:130000=bogus"] {
            #expect(throws: FaultSpecError.self, "\(bad)") { try FaultSpec.targetedRule(bad) }
        }
        #expect(try Route.of("/bosai/warning/data/r8/130000.json?_=1").target == FaultTarget(source: "warning", key: "130000"))
        #expect(try Route.of("/bosai/forecast/data/forecast/130000.json").target == FaultTarget(source: "office", key: "130000"))
        #expect(try Route.of("/bosai/warning/data/r8/a/b.json").isNotFound && Route.of("/bosai/warning/data/r8/.json").isNotFound)
        #expect(MockConfiguration(faultsBySource: ["warning": ["130000": FaultRule(.html)]]).faultRule(for: FaultTarget(source: "warning", key: "130000")) == FaultRule(.html))
    }
}
