@testable import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Session lifecycle", .serialized)
struct SessionLifecycleTests {
    @Test("Releasing a session returns at once, even while its thread is busy: nothing joins it")
    func releaseDoesNotWait() async throws {
        try await MockServer.withServer { mock in
            // Given a session whose thread is held in a retry policy's closure until the test
            // lets it go
            let entered = DispatchSemaphore(value: 0)
            let letGo = DispatchSemaphore(value: 0)
            let wasLetGo = LockedValue<Bool?>(nil)
            var options = testOptions()
            options.retry = RetryPolicy(maxRetries: 1, retryableResponse: { _ in
                entered.signal()
                // Bounded: a release that waited for this thread would end the wait at the
                // bound, and the test would fail below instead of hanging.
                let letGoInTime = letGo.wait(timeout: .now() + 300) == .success
                wasLetGo.withLock { $0 = letGoInTime }
                return false
            })
            var session: Session? = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let request = session!.request(mock.forecastURL("130010")).resume()
            await offPool { entered.wait() }

            // When the last reference is dropped on this (cooperative) thread
            session = nil
            // Then the release returned while the thread was still held: it is let go only now
            letGo.signal()
            _ = try? await request.data()
            #expect(await eventually { wasLetGo.withLock { $0 } != nil })
            #expect(wasLetGo.withLock { $0 } == true, "the release waited for the session's thread")
        }
    }

    @Test("A session ended mid-stream and mid-upload is freed, its thread's engine with it")
    func endedMidTransferIsFreed() async throws {
        try await MockServer.withServer { mock in
            weak var engine: Engine?
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]); close(ends[1]) }
            do {
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                engine = session.engine
                // A stream whose consumer stops after one chunk (the transfer pauses when its
                // sink is full), and an upload from a pipe with nothing in it (it waits).
                let arrived = LockedValue<Int64>(0)
                let stream = session.streamRequest("\(mock.baseURL)/bytes/\(8 << 20)")
                    .downloadProgress { progress in arrived.withLock { $0 = progress.completed } }
                var chunks = stream.stream().makeAsyncIterator()
                _ = try await chunks.next()
                let upload = session.upload(fileAt: "/dev/fd/\(ends[0])", to: "\(mock.baseURL)/upload", method: .put).resume()
                // Both under way: the stream past its sink's two megabytes, the upload's head sent.
                #expect(await eventually { arrived.withLock { $0 } > 2 << 20 && mock.stats().requestsServed == 2 })
                session.invalidateAndCancel()
                await session.waitUntilInvalidated()
                #expect(await failure(of: upload) is CancellationError)
            }
            // Nothing the ended engine kept holds it (its thread lets go of it as it ends).
            #expect(await eventually { engine == nil })
        }
    }

    @Test("withSession hands over a working session, then invalidates it and waits for its end")
    func scoped() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["140010": FaultRule(.stall)])) { mock in
            var kept: Session?
            var stalled: Request?
            let status = try await withSession(configuration: SessionConfiguration(requestDefaults: testOptions())) { session in
                kept = session
                stalled = session.request(mock.forecastURL("140010")).resume()
                try #require(await eventually { mock.stats().inFlight == 1 })
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
