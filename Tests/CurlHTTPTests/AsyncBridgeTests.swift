import Dispatch
import Foundation
import MockAPI
import Testing
import TestSupport

@testable import CurlHTTP

/// The async methods: resumed directly by the thread that finishes the request when nothing
/// comes before them in the chain, behind the handlers otherwise.
@Suite("The async bridge")
struct AsyncBridgeTests {
    @Test("An await with no handler before it is resumed without the handler queue running")
    func resumedDirectly() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let request = session.request(mock.forecastURL("130010")).resume()
            // Given the request's handler queue held, so that nothing on it can run
            request.handlerQueue.suspend()
            let status = LockedValue<Int?>(nil)
            let task = Task {
                let response = try await request.response()
                status.withLock { $0 = response.status }
            }

            // Then the await returns all the same (the bound only turns a regression into a
            // failure instead of a hang)
            let returned = await eventually { status.withLock { $0 } != nil }
            request.handlerQueue.resume()
            try await task.value
            #expect(returned)
            #expect(status.withLock { $0 } == 200)
        }
    }

    @Test("Handlers added after an await run in order on the queue, and one blocking the queue does not hold the await back")
    func handlersAfterAwait() async throws {
        let faults = ["140010": FaultRule(.stall)]
        try await MockServer.withServer(MockConfiguration(faultsByCity: faults)) { mock in
            let session = try Session()
            // An hour's timeout: only the cancellation below ends the stalled request, however
            // long a busy machine keeps this test from looking.
            var options = testOptions(timeout: .seconds(3600))
            options.limit = ConcurrencyLimit(maxInFlight: 1)
            // Given a request held back behind a stalled one, and an await on it, registered
            // before any handler
            let blocker = session.request(mock.forecastURL("140010"), options: options).resume()
            let request = session.request(mock.forecastURL("130010"), options: options).resume()
            try #require(await eventually { mock.stats().inFlight == 1 })
            let status = LockedValue<Int?>(nil)
            let task = Task {
                let response = try await request.response()
                status.withLock { $0 = response.status }
            }
            try #require(await eventually { request.directWaiters == 1 })

            // and then two handlers, the first of which blocks the queue until the test ends it
            let gate = DispatchSemaphore(value: 0)
            let order = LockedValue<[String]>([])
            request.response { _ in
                order.withLock { $0.append("first") }
                gate.wait()
            }
            request.response { _ in order.withLock { $0.append("second") } }

            // When the request runs and finishes
            blocker.cancel()
            let returned = await eventually { status.withLock { $0 } != nil }

            // Then the await returned while the first handler still held the queue
            #expect(returned)
            #expect(order.withLock { $0 } == ["first"] || order.withLock { $0 }.isEmpty)
            gate.signal()
            try await task.value
            #expect(status.withLock { $0 } == 200)
            // and the handlers ran in the order they were added
            #expect(await eventually { order.withLock { $0 } == ["first", "second"] })
            // The session lives to here: released earlier, it would end the requests.
            withExtendedLifetime(session) {}
        }
    }

    @Test("An await after a handler waits for it, and sees what a validation made of the outcome")
    func behindHandlers() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.status(404))])) { mock in
            let session = try Session()
            let order = LockedValue<[String]>([])
            let request = session.request(mock.forecastURL("130010")).resume()
            request.response { _ in order.withLock { $0.append("handler") } }
            request.validate()
            let error = await #expect(throws: StatusCodeError.self) { try await request.response() }
            order.withLock { $0.append("await") }
            #expect(error?.status == 404)
            #expect(order.withLock { $0 } == ["handler", "await"])
            #expect(request.directWaiters == 0)
        }
    }

    @Test("Cancelling a task awaiting directly throws CancellationError once and leaves no waiter")
    func cancelDirectAwait() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(3600))))
            let request = session.request(mock.forecastURL("130010")).resume()
            let task = Task { try await request.data() }
            try #require(await eventually { request.directWaiters == 1 && mock.stats().inFlight == 1 })

            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(request.directWaiters == 0)
            #expect(request.isFinished)
            // A later await gets the same outcome at once
            await #expect(throws: CancellationError.self) { try await request.data() }
            #expect(await eventually { mock.stats().connectionsClosed == 1 })
        }
    }
}
