import CurlHTTP
import Foundation
import MockAPI
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Session lifecycle", .serialized)
struct SessionLifecycleTests {
    @Test("Releasing a session returns at once, even while its thread is busy: nothing joins it")
    func releaseDoesNotWait() async throws {
        try await MockServer.withServer { mock in
            // Given a session whose thread is busy for 500 ms in a retry policy's closure
            let entered = DispatchSemaphore(value: 0)
            var options = testOptions()
            options.retry = RetryPolicy(maxRetries: 1, retryableResponse: { _ in
                entered.signal()
                usleep(500_000)
                return false
            })
            var session: Session? = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let request = session!.request(mock.forecastURL("130010"))
            await withCheckedContinuation { done in
                DispatchQueue.global().async {
                    entered.wait()
                    done.resume()
                }
            }
            // When the last reference is dropped on this (cooperative) thread
            let released = ContinuousClock.now
            session = nil
            // Then the release did not wait for the busy thread
            #expect(ContinuousClock.now - released < .milliseconds(200))
            _ = try? await request.data()
        }
    }

    @Test("withSession hands over a working session, then invalidates it and waits for its end")
    func scoped() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["140010": FaultRule(.stall)])) { mock in
            var kept: Session?
            var stalled: Request?
            let status = try await withSession(configuration: SessionConfiguration(requestDefaults: testOptions())) { session in
                kept = session
                stalled = session.request(mock.forecastURL("140010"))
                try await waitUntil { mock.stats().inFlight == 1 }
                return try await session.request(mock.forecastURL("130010")).response().status
            }
            #expect(status == 200)
            // The transfer still in flight at the end was cancelled and has completed
            let request = try #require(stalled)
            #expect(request.isFinished)
            #expect(await failure(of: request) is CancellationError)
            // and the session refuses new requests
            let session = try #require(kept)
            await #expect(throws: CancellationError.self) { try await session.request(mock.forecastURL("130010")).data() }
        }
    }

    @Test("withSession rethrows what its body throws, after ending the session")
    func scopedThrows() async throws {
        var kept: Session?
        await #expect(throws: TestFailure.timedOut) {
            try await withSession { session in
                kept = session
                throw TestFailure.timedOut
            }
        }
        let session = try #require(kept)
        await #expect(throws: CancellationError.self) { try await session.request("http://127.0.0.1:1/").data() }
    }
}
