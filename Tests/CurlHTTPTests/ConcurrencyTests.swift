import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Many transfers on one session", .serialized)
struct ConcurrencyTests {
    @Test("200 concurrent requests all succeed, with more than 50 in flight at the server at once")
    func twoHundredConcurrent() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(60))))
            let expected = try fixture("130010.json")

            // The answers wait at the server until more than 50 requests are there at once.
            mock.closeGate(untilHeld: 51)
            let requests = (0..<200).map { _ in session.request(mock.forecastURL("130010")).validate().resume() }
            var bodies: [Data] = []
            for request in requests {
                bodies.append(try await request.data())
            }

            #expect(bodies.count == 200)
            #expect(bodies.allSatisfy { $0 == expected })
            let stats = mock.stats()
            #expect(stats.requestsServed == 200)
            // One after the other, the server would never see more than one
            #expect(stats.maxInFlight > 50, "the server saw at most \(stats.maxInFlight) at once")
        }
    }

    @Test("Sequential requests reuse one keep-alive connection")
    func keepAlive() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            var reused: [Bool] = []
            for city in ["130010", "140010", "090010", "330010", "400040"] {
                let response = try await session.request(mock.forecastURL(city)).validate().response()
                reused.append(response.metrics.connectionReused)
            }
            let stats = mock.stats()
            #expect(stats.requestsServed == 5)
            #expect(stats.connectionsAccepted == 1)
            #expect(reused == [false, true, true, true, true])
        }
    }

    @Test("Connections are reused across a burst of concurrent requests")
    func reuseAcrossBursts() async throws {
        try await MockServer.withServer(MockConfiguration(latency: .milliseconds(50))) { mock in
            let session = try Session()
            for _ in 0..<3 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<10 {
                        group.addTask { _ = try await session.request(mock.forecastURL("130010")).validate().data() }
                    }
                    try await group.waitForAll()
                }
            }
            let stats = mock.stats()
            #expect(stats.requestsServed == 30)
            #expect(stats.connectionsAccepted < 30)
            #expect(stats.connectionsAccepted <= 12, "accepted \(stats.connectionsAccepted)")
        }
    }
}
