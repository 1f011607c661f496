import Foundation
import NIOCore
import Testing

@testable import MockAPI
import TestSupport

/// Each fault misbehaves as documented, only where and as often as it is configured.
@Suite("Faults", .timeLimit(.minutes(5)))
struct FaultTests {
    static let tokyo = "/api/forecast/city/130010"

    /// A configuration faulting 130010 with `fault`.
    static func faulting(_ fault: Fault, firstAttempts: Int? = nil) -> MockConfiguration {
        MockConfiguration(faultsByCity: ["130010": FaultRule(fault, firstAttempts: firstAttempts)])
    }

    @Test("status answers that code with its Retry-After header")
    func status() async throws {
        try await MockServer.withServer(Self.faulting(.status(503, retryAfter: "1"))) { server in
            let response = try await TestConnection.request(port: server.port, Self.tokyo)
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(response.text == "503 Service Unavailable\n")
        }
    }

    @Test("firstAttempts K faults the first K requests of that city only, then answers normally")
    func firstAttempts() async throws {
        let fixture = try fixtureBytes("130010.json")
        try await MockServer.withServer(Self.faulting(.status(503), firstAttempts: 2)) { server in
            try await TestConnection.with(port: server.port) { connection in
                #expect(try await connection.request("/api/forecast/city/140010").status == 200)
                #expect(try await connection.request(Self.tokyo).status == 503)
                #expect(try await connection.request("/api/forecast?city=130010").status == 503)
                let third = try await connection.request(Self.tokyo)
                #expect(third.status == 200)
                #expect(third.body == fixture)
            }
            #expect(server.stats().requestsByCity == ["130010": 3, "140010": 1])
        }
    }

    @Test("A new rule for a city restarts its firstAttempts count; other changes do not")
    func firstAttemptsRestart() async throws {
        try await MockServer.withServer(Self.faulting(.status(500), firstAttempts: 1)) { server async throws in
            #expect(try await TestConnection.request(port: server.port, Self.tokyo).status == 500)
            #expect(try await TestConnection.request(port: server.port, Self.tokyo).status == 200)
            server.configuration.latency = .milliseconds(1)
            #expect(try await TestConnection.request(port: server.port, Self.tokyo).status == 200)
            server.configuration = Self.faulting(.status(502), firstAttempts: 1)
            #expect(try await TestConnection.request(port: server.port, Self.tokyo).status == 502)
            #expect(try await TestConnection.request(port: server.port, Self.tokyo).status == 200)
        }
    }

    @Test("apiError answers HTTP 200 with the API's error object")
    func apiError() async throws {
        let message = "Request to JMA API failed (HTTP Error 503)"
        try await MockServer.withServer(Self.faulting(.apiError(message))) { server in
            let response = try await TestConnection.request(port: server.port, Self.tokyo)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text == "{\n    \"error\": \"Request to JMA API failed (HTTP Error 503)\"\n}")
        }
    }

    @Test("html answers HTTP 200 with a text/html page")
    func html() async throws {
        try await MockServer.withServer(Self.faulting(.html)) { server in
            let response = try await TestConnection.request(port: server.port, Self.tokyo)
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.text.hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test("malformedJSON sends a complete body (per Content-Length) that is not valid JSON")
    func malformed() async throws {
        try await MockServer.withServer(Self.faulting(.malformedJSON)) { server in
            let response = try await TestConnection.request(port: server.port, Self.tokyo)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.body.count > 100)
            #expect(throws: (any Error).self) { try parseJSON(response.body) }
            #expect(String(validating: response.body, as: UTF8.self) != nil)
        }
    }

    @Test("truncated announces the whole body, sends less, then closes")
    func truncated() async throws {
        try await MockServer.withServer(Self.faulting(.truncated)) { server in
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText(Self.tokyo))
                let received = try await connection.readUntilClosed()
                #expect(received.error == nil)
                let text = String(decoding: received.bytes, as: UTF8.self)
                let head = try #require(text.components(separatedBy: "\r\n\r\n").first)
                let announced = try #require(
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.split(separator: " ").last!) }
                )
                let bodyBytes = received.bytes.count - head.utf8.count - 4
                #expect(announced == (try fixtureBytes("130010.json")).count)
                #expect(bodyBytes > 0 && bodyBytes < announced)
            }
        }
    }

    @Test("reset closes the connection with RST before any response byte")
    func reset() async throws {
        try await MockServer.withServer(Self.faulting(.reset)) { server in
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText(Self.tokyo))
                let received = try await connection.readUntilClosed()
                #expect(received.bytes.isEmpty)
                let error = try #require(received.error as? IOError)
                #expect(error.errnoCode == ECONNRESET)
            }
        }
    }

    @Test("stall keeps the request in flight until the client closes the connection")
    func stall() async throws {
        try await MockServer.withServer(Self.faulting(.stall)) { server in
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText(Self.tokyo))
                #expect(await TestSupport.eventually { server.stats().inFlight == 1 })
                // Another city, asked for after it, is answered in full while it stays open.
                let other = try await TestConnection.request(port: server.port, "/api/forecast/city/140010")
                #expect(other.status == 200)
                #expect(server.stats().inFlight == 1)
            }
            #expect(
                await TestSupport.eventually { server.stats().inFlight == 0 && server.stats().connectionsClosed == 2 })
            #expect(server.stats().requestsServed == 2)
        }
    }

    @Test("Shutting down with a stalled connection open completes, and a second shutdown is harmless")
    func shutdownWhileStalled() async throws {
        let server = try await MockServer.start(configuration: Self.faulting(.stall))
        try await TestConnection.with(port: server.port) { connection in
            try await connection.send(TestConnection.requestText(Self.tokyo))
            #expect(await TestSupport.eventually { server.stats().inFlight == 1 })
            try await server.shutdown()
            let received = try await connection.readUntilClosed()
            #expect(received.bytes.isEmpty)
        }
        try await server.shutdown()
    }

    @Test("endless keeps sending chunks until the client closes, then leaves flight")
    func endless() async throws {
        try await MockServer.withServer(Self.faulting(.endless)) { server in
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText(Self.tokyo))
                try await connection.discard(atLeast: 4 << 20)
                #expect(server.stats().inFlight == 1)
            }
            #expect(
                await TestSupport.eventually { server.stats().inFlight == 0 && server.stats().connectionsClosed == 1 })
        }
    }

    @Test("oversize sends exactly that many bytes with Content-Length")
    func oversize() async throws {
        try await MockServer.withServer(Self.faulting(.oversize(bytes: 3_000_000))) { server in
            let response = try await TestConnection.request(port: server.port, Self.tokyo)
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "3000000")
            #expect(response.body.count == 3_000_000)
            #expect(server.stats().inFlight == 0)
        }
    }

    @Test("redirectLoop sends 302 between the path form and the query form")
    func redirectLoop() async throws {
        try await MockServer.withServer(Self.faulting(.redirectLoop)) { server in
            try await TestConnection.with(port: server.port) { connection in
                let first = try await connection.request(Self.tokyo)
                #expect(first.status == 302)
                #expect(first.header("Location") == "/api/forecast?city=130010")
                let second = try await connection.request(first.header("Location")!)
                #expect(second.status == 302)
                #expect(second.header("Location") == Self.tokyo)
            }
        }
    }

    @Test("redirectToFile sends 302 to file:///etc/passwd")
    func redirectToFile() async throws {
        try await MockServer.withServer(Self.faulting(.redirectToFile)) { server in
            let response = try await TestConnection.request(port: server.port, Self.tokyo)
            #expect(response.status == 302)
            #expect(response.header("Location") == "file:///etc/passwd")
        }
    }

    @Test("A random fault with fraction 1 hits every city; with fraction 0 none; firstAttempts caps it")
    func randomFault() async throws {
        var configuration = MockConfiguration(randomFault: FaultRule(.status(500), fraction: 1))
        try await MockServer.withServer(configuration) { server async throws in
            #expect(try await TestConnection.request(port: server.port, "/api/forecast/city/270000").status == 500)
            #expect(try await TestConnection.request(port: server.port, "/api/forecast?city=400040").status == 500)
            #expect(try await TestConnection.request(port: server.port, "/echo").status == 200)
            configuration.randomFault = FaultRule(.status(500), fraction: 0)
            server.configuration = configuration
            #expect(try await TestConnection.request(port: server.port, "/api/forecast/city/270000").status == 200)
            configuration.randomFault = FaultRule(.status(500), firstAttempts: 1)
            server.configuration = configuration
            #expect(try await TestConnection.request(port: server.port, "/api/forecast/city/270000").status == 500)
            #expect(try await TestConnection.request(port: server.port, "/api/forecast/city/270000").status == 200)
        }
    }

    @Test("Latency for one city delays that city's answers, on the event loop")
    func latency() async throws {
        let configuration = MockConfiguration(latencyBySource: ["city": ["130010": .milliseconds(300), "120010": .seconds(3600)]])
        try await MockServer.withServer(configuration) { server in
            let clock = ContinuousClock()
            let slow = try await clock.measure { () async throws in
                #expect(try await TestConnection.request(port: server.port, Self.tokyo).status == 200)
            }
            #expect(slow >= .milliseconds(300))
            // While one request waits its hour, the same loop answers another in full.
            try await TestConnection.with(port: server.port) { waiting in
                try await waiting.send(TestConnection.requestText("/api/forecast/city/120010"))
                #expect(await TestSupport.eventually { server.stats().inFlight == 1 })
                #expect(try await TestConnection.request(port: server.port, "/api/forecast/city/140010").status == 200)
                #expect(server.stats().inFlight == 1, "the delayed request is still waiting")
            }
        }
    }
}
