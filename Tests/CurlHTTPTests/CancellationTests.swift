import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Cancellation and shutdown")
struct CancellationTests {
    @Test("Cancelling the Task throws CancellationError, and the transfer is removed from libcurl at once: the server sees the connection closed")
    func taskCancellation() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            // An hour's timeout: only the cancellation can end this transfer while the test runs
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(3600))))
            let task = Task { try await session.request(mock.forecastURL("130010")).data() }
            try #require(await eventually { mock.stats().inFlight == 1 }, "the request reached the server")

            task.cancel()
            let result = await task.result

            #expect(throws: CancellationError.self) { try result.get() }
            // The mock counts the close before it ends the connection's request: both, in one
            // snapshot.
            #expect(await eventually {
                let stats = mock.stats()
                return stats.connectionsClosed == 1 && stats.inFlight == 0
            }, "the connection is not closed, or its request still in flight: \(mock.stats())")
        }
    }

    @Test("A Task cancelled before it asks is cancelled at once")
    func alreadyCancelled() async throws {
        // A server that never answers and an hour's timeout: the request cannot finish before
        // the task asks, however late the task runs, and only the cancellation can end it.
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(3600))))
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await session.request(mock.forecastURL("130010")).data()
            }
            await #expect(throws: CancellationError.self) { try await task.value }
        }
    }

    @Test("Request.cancel() delivers CancellationError to callback handlers")
    func callbackCancel() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            // An hour's timeout: the request is cancelled, never timed out, however slow the machine.
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(3600))))
            let request = session.request(mock.forecastURL("130010")).resume()
            try #require(await eventually { mock.stats().inFlight == 1 })
            request.cancel()
            let error = await withCheckedContinuation { (done: CheckedContinuation<(any Error)?, Never>) in
                request.responseData { done.resume(returning: $0.error) }
            }
            #expect(error is CancellationError)
            #expect(await eventually { mock.stats().connectionsClosed == 1 })
        }
    }

    @Test("Releasing a session with transfers in flight ends them all with CancellationError")
    func releaseInFlight() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            // An hour's timeout: only the release can end these transfers while the test runs
            var session: Session? = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(3600))))
            let errors = LockedValue<[any Error]>([])
            let attempts = LockedValue<[Int]>([])
            let group = DispatchGroup()
            for _ in 0..<20 {
                group.enter()
                session!.request(mock.forecastURL("130010")).responseData { response in
                    errors.withLock { $0.append(response.error ?? TestFailure.succeeded) }
                    attempts.withLock { $0.append(response.attempts) }
                    group.leave()
                }
            }
            try #require(await eventually { mock.stats().inFlight == 20 })

            session = nil
            // A generous bound, only so that a regression fails instead of hanging
            let finished = await withCheckedContinuation { done in
                DispatchQueue.global().async { done.resume(returning: group.wait(timeout: .now() + 30)) }
            }

            #expect(finished == .success)
            #expect(errors.withLock { $0.count } == 20)
            #expect(errors.withLock { $0.allSatisfy { $0 is CancellationError } })
            #expect(attempts.withLock { $0 } == Array(repeating: 1, count: 20), "each had made its first attempt")
            #expect(await eventually { mock.stats().connectionsClosed == 20 })
        }
    }

    @Test("After invalidateAndCancel(), a new request fails at once with CancellationError")
    func requestAfterShutdown() async throws {
        let session = try Session()
        session.invalidateAndCancel()
        await #expect(throws: CancellationError.self) { try await session.request("http://127.0.0.1:1/").data() }
    }
}

enum TestFailure: Error {
    case succeeded
    case timedOut
}
