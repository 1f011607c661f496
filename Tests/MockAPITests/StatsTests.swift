import Testing

@testable import MockAPI
import TestSupport

/// The counters are exact, so tests of clients can check concurrency and pacing.
@Suite("Statistics", .timeLimit(.minutes(5)))
struct StatsTests {
    @Test("Three requests on one keep-alive connection: one connection accepted, three requests served")
    func keepAlive() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection async throws in
                for _ in 0..<3 {
                    #expect(try await connection.request("/api/forecast/city/130010").status == 200)
                }
                let stats = server.stats()
                #expect(stats.connectionsAccepted == 1)
                #expect(stats.connectionsClosed == 0)
                #expect(stats.requestsServed == 3)
                #expect(stats.requestsByCity == ["130010": 3])
                #expect(stats.inFlight == 0)
                #expect(stats.maxInFlight == 1)
                #expect(stats.requestStartTimes.count == 3)
                #expect(stats.requestStartTimes == stats.requestStartTimes.sorted())
            }
            #expect(await TestSupport.eventually { server.stats().connectionsClosed == 1 })
        }
    }

    @Test("Concurrent requests are all seen in flight at once, and all leave flight")
    func concurrency() async throws {
        try await MockServer.withServer { server in
            // Every answer waits at the gate until all 20 requests are there.
            server.closeGate(untilHeld: 20)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await TestConnection.request(port: server.port, "/api/forecast/city/270000").status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 20))
            let stats = server.stats()
            #expect(stats.maxInFlight == 20)
            #expect(stats.inFlight == 0)
            #expect(stats.requestsServed == 20)
            #expect(stats.connectionsAccepted == 20)
        }
    }

    @Test("200 connections held open at once are all counted in flight, then all closed")
    func twoHundredInFlight() async throws {
        let configuration = MockConfiguration(randomFault: FaultRule(.stall))
        try await MockServer.withServer(configuration) { server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        try await TestConnection.with(port: server.port) { connection in
                            try await connection.send(TestConnection.requestText("/api/forecast?city=\(index)"))
                            _ = await eventually {
                                server.stats().maxInFlight == 200
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(server.stats().maxInFlight == 200)
            // A close is counted before the connection's request ends: both, in one snapshot.
            #expect(await TestSupport.eventually {
                let stats = server.stats()
                return stats.connectionsClosed == 200 && stats.inFlight == 0
            }, "\(server.stats())")
            let stats = server.stats()
            #expect(stats.connectionsAccepted == 200)
            #expect(stats.requestsServed == 200)
            #expect(stats.requestsByCity.count == 200)
        }
    }

    @Test("Sequential requests never overlap: maxInFlight stays 1")
    func sequential() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                for _ in 0..<200 {
                    _ = try await connection.request("/api/forecast/city/130010")
                }
            }
            #expect(server.stats().maxInFlight == 1)
            #expect(server.stats().requestsServed == 200)
        }
    }

    @Test("resetStats zeroes the counters")
    func reset() async throws {
        try await MockServer.withServer { server in
            _ = try await TestConnection.request(port: server.port, "/api/forecast/city/130010")
            #expect(await TestSupport.eventually { server.stats().connectionsClosed == 1 })
            server.resetStats()
            #expect(server.stats() == MockStats())
            _ = try await TestConnection.request(port: server.port, "/api/forecast/city/140010")
            #expect(server.stats().requestsByCity == ["140010": 1])
            #expect(server.stats().connectionsAccepted == 1)
        }
    }

    @Test("Requests for an office's files are counted per office, apart from the cities, and in /stats")
    func perOffice() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                for target in [
                    "/bosai/forecast/data/forecast/270000.json", "/bosai/forecast/data/overview_forecast/270000.json",
                    "/bosai/forecast/data/forecast/270000.json?_=2", "/bosai/forecast/data/forecast/130000.json",
                    "/bosai/forecast/data/forecast/999999.json", "/api/forecast/city/270000",
                ] {
                    _ = try await connection.request(target)
                }
                let stats = server.stats()
                #expect(stats.requestsBySource["office"] == ["270000": 3, "130000": 1, "999999": 1])
                #expect(stats.requestsByCity == ["270000": 1])
                #expect(stats.requestsServed == 6)
                let lines = try await connection.request("/stats").text.split(separator: "\n").map(String.init)
                #expect(lines.filter { $0.hasPrefix("requests_office_") } == [
                    "requests_office_130000 1", "requests_office_270000 3", "requests_office_999999 1",
                ])
            }
            server.resetStats()
            #expect(server.stats().requestsBySource["office"] == nil)
        }
    }
}
