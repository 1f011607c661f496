import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// Latency and faults of an office's files, apart from those of the city of the same code.
@Suite("Agency faults and latency", .timeLimit(.minutes(5)))
struct AgencyFaultTests {
    static let osakaOffice = "/bosai/forecast/data/forecast/270000.json"
    static let osakaOverview = "/bosai/forecast/data/overview_forecast/270000.json"
    static let osakaCity = "/api/forecast/city/270000"

    @Test("An office's fault hits that office's files only; a city's fault of the same code the API only")
    func officeAndCityApart() async throws {
        let (office, officeRule) = try FaultSpec.targetedRule("office:270000=status:503")
        let (city, cityRule) = try FaultSpec.targetedRule("270000=status:502")
        #expect(office == FaultTarget(source: "office", key: "270000"))
        #expect(city == FaultTarget(source: "city", key: "270000"))
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["office": ["270000": officeRule]])) { server in
            try await TestConnection.with(port: server.port) { connection async throws in
                #expect(try await connection.request(Self.osakaOffice).status == 503)
                #expect(try await connection.request(Self.osakaOverview).status == 503)
                #expect(try await connection.request(Self.osakaCity).status == 200)
                #expect(try await connection.request("/bosai/forecast/data/forecast/130000.json").status == 200)
            }
            server.configuration = MockConfiguration(faultsByCity: ["270000": cityRule])
            try await TestConnection.with(port: server.port) { connection async throws in
                #expect(try await connection.request(Self.osakaOffice).status == 200)
                #expect(try await connection.request(Self.osakaOverview).status == 200)
                #expect(try await connection.request(Self.osakaCity).status == 502)
            }
        }
    }

    @Test("firstAttempts counts an office's two files together")
    func firstAttempts() async throws {
        let rule = FaultRule(.status(503), firstAttempts: 2)
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["office": ["270000": rule]])) { server in
            try await TestConnection.with(port: server.port) { connection async throws in
                #expect(try await connection.request(Self.osakaOffice).status == 503)
                #expect(try await connection.request(Self.osakaOverview).status == 503)
                #expect(try await connection.request(Self.osakaOffice).status == 200)
                #expect(try await connection.request(Self.osakaOverview).status == 200)
            }
        }
    }

    @Test("A random fault hits the agency's files too")
    func randomFault() async throws {
        try await MockServer.withServer(MockConfiguration(randomFault: FaultRule(.status(500)))) { server async throws in
            #expect(try await TestConnection.request(port: server.port, Self.osakaOffice).status == 500)
        }
    }

    @Test("jma-one-report serves the 3-day report alone; the overview is untouched")
    func oneReport() async throws {
        let rule = try FaultSpec.rule("jma-one-report")
        #expect(rule == FaultRule(.agencyOneReport))
        let sample = try #require(try parseJSON(try fixtureBytes("jma/forecast-130000-20260312.json")) as? [Any])
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["office": ["130000": rule]])) { server in
            try await TestConnection.with(port: server.port) { connection in
                let response = try await connection.request("/bosai/forecast/data/forecast/130000.json")
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "application/json")
                let reports = try #require(try parseJSON(response.body) as? [Any])
                #expect(reports.count == 1)
                #expect(try canonicalJSON(reports[0]) == (try canonicalJSON(sample[0])))
                let overview = try await connection.request("/bosai/forecast/data/overview_forecast/130000.json")
                #expect(overview.body == (try fixtureBytes("jma/overview_forecast-130000-20230728.json")))
            }
        }
    }

    @Test("jma-short-series makes every value array one shorter than its timeDefines")
    func shortSeries() async throws {
        let rule = try FaultSpec.rule("jma-short-series")
        #expect(rule == FaultRule(.agencyShortSeries))
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["office": ["270000": rule]])) { server in
            let response = try await TestConnection.request(port: server.port, Self.osakaOffice)
            #expect(response.status == 200)
            let reports = try #require(try parseJSON(response.body) as? [[String: Any]])
            var checked = 0
            for report in reports {
                for series in report["timeSeries"] as? [[String: Any]] ?? [] {
                    let times = (series["timeDefines"] as? [Any])?.count ?? 0
                    for entry in AgencyReading.entries(series) {
                        for (key, value) in entry where key != "area" {
                            #expect((value as? [Any])?.count == times - 1, "\(key)")
                            checked += 1
                        }
                    }
                }
            }
            #expect(checked == 4 + 1 + 1 + 3 + 6)
        }
    }

    @Test("The agency's faults leave the API's answers alone")
    func agencyFaultOnCity() async throws {
        let expected = try fixtureBytes("130010.json")
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.agencyOneReport)])) {
            server in
            let response = try await TestConnection.request(port: server.port, "/api/forecast/city/130010")
            #expect(response.body == expected)
        }
    }

    @Test("malformed cuts the office's file; truncated sends half of it; redirect-loop adds and drops a query")
    func bodyFaults() async throws {
        let sample = try fixtureBytes("jma/forecast-130000-20260312.json")
        let path = "/bosai/forecast/data/forecast/130000.json"
        try await MockServer.withServer(MockConfiguration(faultsBySource: ["office": ["130000": FaultRule(.malformedJSON)]])) {
            server in
            try await TestConnection.with(port: server.port) { connection in
                let malformed = try await connection.request(path)
                #expect(malformed.status == 200)
                #expect(malformed.header("Content-Type") == "application/json")
                #expect(malformed.body.count > 100 && sample.starts(with: malformed.body))
                #expect(throws: (any Error).self) { try parseJSON(malformed.body) }
            }
            server.configuration = MockConfiguration(faultsBySource: ["office": ["130000": FaultRule(.redirectLoop)]])
            try await TestConnection.with(port: server.port) { connection in
                let first = try await connection.request(path)
                #expect(first.status == 302)
                #expect(first.header("Location") == path + "?redirect=1")
                #expect(try await connection.request(first.header("Location")!).header("Location") == path)
            }
            server.configuration = MockConfiguration(faultsBySource: ["office": ["130000": FaultRule(.truncated)]])
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText(path))
                let received = try await connection.readUntilClosed()
                let text = String(decoding: received.bytes, as: UTF8.self)
                #expect(text.contains("Content-Length: \(sample.count)\r\n"))
                #expect(received.bytes.count < sample.count)
            }
        }
    }

    @Test("Latency for one office delays that office's files (its warnings too), not the city of the same code")
    func latency() async throws {
        let configuration = MockConfiguration(latencyBySource: ["office": ["270000": .milliseconds(300)]])
        try await MockServer.withServer(configuration) { server in
            let clock = ContinuousClock()
            for target in [Self.osakaOffice, Self.osakaOverview, "/bosai/warning/data/r8/270000.json"] {
                let slow = try await clock.measure { () async throws in
                    #expect(try await TestConnection.request(port: server.port, target).status == 200)
                }
                #expect(slow >= .milliseconds(300), "\(target)")
            }
        }
        // While the office's file waits its hour, the city of the same code is answered in full.
        try await MockServer.withServer(MockConfiguration(latencyBySource: ["office": ["270000": .seconds(3600)]])) { server in
            try await TestConnection.with(port: server.port) { waiting in
                try await waiting.send(TestConnection.requestText(Self.osakaOffice))
                #expect(await TestSupport.eventually { server.stats().inFlight == 1 })
                #expect(try await TestConnection.request(port: server.port, Self.osakaCity).status == 200)
                #expect(server.stats().inFlight == 1, "the office's file is still waiting")
            }
        }
    }
}
