import NIOCore
import NIOPosix
import Testing

@testable import MockAPI
import TestSupport

/// The gate that holds answers until a test lets them go, and the count of streams the client
/// has stopped reading: what the tests of clients wait for instead of a latency or a sleep.
@Suite("The gate", .timeLimit(.minutes(5)))
struct GateTests {
    static func city(_ id: String) -> String { "/api/forecast/city/\(id)" }

    @Test("A closed gate holds every answer but /stats'; release(where:) lets the matching go, openGate the rest and every later one")
    func holdsAndReleases() async throws {
        try await MockServer.withServer { server in
            server.closeGate()
            try await TestConnection.with(port: server.port) { tokyo in
                try await TestConnection.with(port: server.port) { yokohama in
                    try await tokyo.send(TestConnection.requestText(Self.city("130010")))
                    try await yokohama.send(TestConnection.requestText(Self.city("140010")))
                    #expect(await TestSupport.eventually { server.stats().held == 2 })
                    #expect(try await TestConnection.request(port: server.port, "/stats").status == 200, "/stats is never held")
                    #expect(server.stats().inFlight == 2 && server.stats().maxInFlight == 3)

                    #expect(server.release { $0.hasSuffix("140010") } == 1)
                    #expect(try await yokohama.readResponse().status == 200)
                    #expect(server.stats().held == 1)
                    #expect(server.release { $0.hasSuffix("140010") } == 0, "nothing left to match")

                    server.openGate()
                    #expect(try await tokyo.readResponse().status == 200)
                    #expect(server.stats().held == 0)
                    #expect(try await tokyo.request(Self.city("270000")).status == 200, "an open gate holds nothing")
                }
            }
        }
    }

    @Test("closeGate(untilHeld:) opens by itself once that many wait, letting them all go")
    func opensByItself() async throws {
        try await MockServer.withServer { server in
            server.closeGate(untilHeld: 3)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for id in ["130010", "140010", "270000"] {
                    group.addTask { try await TestConnection.request(port: server.port, Self.city(id)).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == [200, 200, 200])
            #expect(server.stats().maxInFlight == 3 && server.stats().held == 0)
            #expect(try await TestConnection.request(port: server.port, Self.city("130010")).status == 200, "the gate stays open")
        }
    }

    @Test("A held request whose connection closes leaves the count; opening the gate after is harmless")
    func closedWhileHeld() async throws {
        try await MockServer.withServer { server in
            server.closeGate()
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText(Self.city("130010")))
                #expect(await TestSupport.eventually { server.stats().held == 1 })
            }
            #expect(await TestSupport.eventually { server.stats().held == 0 && server.stats().inFlight == 0 })
            server.openGate()
            #expect(try await TestConnection.request(port: server.port, Self.city("130010")).status == 200)
        }
    }

    @Test("/hold/N sends N bytes at once and ends its body only when let go, gate open or not")
    func holdRoute() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(TestConnection.requestText("/hold/5", headers: [("Connection", "close")]))
                var received = try await connection.peek(atLeast: 1)
                while !String(decoding: received, as: UTF8.self).contains("xxxxx") {
                    received = try await connection.peek(atLeast: received.count + 1)
                }
                #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
                #expect(await TestSupport.eventually { server.stats().held == 1 })
                #expect(server.stats().inFlight == 1, "still coming")
                #expect(server.release { $0 == "/hold/5" } == 1)
                let all = String(decoding: try await connection.readUntilClosed().bytes, as: UTF8.self)
                #expect(all.hasSuffix("\r\n5\r\nxxxxx\r\n0\r\n\r\n"), "\(all)")
                #expect(server.stats().held == 0)
            }
        }
    }

    @Test("A streamed body the client stops reading counts in streamsBlocked until it reads on")
    func streamsBlocked() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                // Larger than what the two sockets and the server's buffer hold.
                let size = 32 << 20
                try await connection.send(TestConnection.requestText("/bytes/\(size)"))
                #expect(await TestSupport.eventually { server.stats().streamsBlocked == 1 })
                #expect(server.stats().inFlight == 1)
                try await connection.discard(atLeast: size)
                #expect(await TestSupport.eventually { server.stats().streamsBlocked == 0 && server.stats().inFlight == 0 })
            }
        }
    }

    @Test("In order: the first named goes when the count is reached, each next once the one before is answered; an ending nobody has is skipped")
    func order() {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        var gate = Gate()
        gate.close(untilHeld: 3, order: ["140010", "999999", "130010", "270000"])
        let tokyo = gate.hold(uri: Self.city("130010"), always: false, on: loop)
        let yokohama = gate.hold(uri: Self.city("140010"), always: false, on: loop)
        #expect(tokyo.release.isEmpty && yokohama.release.isEmpty && gate.held.count == 2)
        let osaka = gate.hold(uri: Self.city("270000"), always: false, on: loop)
        #expect(!gate.isClosed, "the third opens it")
        #expect(osaka.release == [yokohama.answer!.promise], "the first of the order, not the first to arrive")
        #expect(gate.held.map(\.uri) == [Self.city("130010"), Self.city("270000")])
        #expect(gate.answered(tokyo.answer!.ticket).isEmpty, "only the answer awaited moves the order on")
        #expect(gate.answered(yokohama.answer!.ticket) == [tokyo.answer!.promise], "999999 skipped")
        #expect(gate.answered(tokyo.answer!.ticket) == [osaka.answer!.promise])
        #expect(gate.answered(osaka.answer!.ticket).isEmpty && gate.held.isEmpty)
        #expect(gate.hold(uri: Self.city("130010"), always: false, on: loop).answer == nil, "open: nothing held")
        [tokyo, yokohama, osaka].forEach { $0.answer!.promise.succeed() }
    }

    @Test("Without an order the count lets all go at once; open() lets all go; /hold's end is held with the gate open")
    func opening() {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        var gate = Gate()
        gate.close(untilHeld: 2)
        let first = gate.hold(uri: Self.city("130010"), always: false, on: loop)
        let second = gate.hold(uri: Self.city("140010"), always: false, on: loop)
        #expect(second.release == [first.answer!.promise, second.answer!.promise] && gate.held.isEmpty)
        let trickle = gate.hold(uri: "/hold/5", always: true, on: loop)
        #expect(trickle.answer != nil && gate.held.count == 1)
        gate.close()
        let third = gate.hold(uri: Self.city("270000"), always: false, on: loop)
        #expect(gate.open() == [trickle.answer!.promise, third.answer!.promise])
        [first, second, trickle, third].forEach { $0.answer!.promise.succeed() }
    }
}
