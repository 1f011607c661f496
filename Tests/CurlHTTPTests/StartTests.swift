import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

/// When a request starts (issue 32): as in Alamofire 5, at its first response handler or async
/// accessor, or on `resume()`; never before.
@Suite("When a request starts")
struct StartTests {
    @Test("A request with no handler does not reach the server; resume() starts it, once")
    func resumeStarts() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let request = session.request(mock.forecastURL("130010"))
            // Another request, started by its await, has come and gone meanwhile: the server is
            // up, and the first was not sent.
            _ = try await session.request(mock.forecastURL("140010")).validate().data()
            #expect(mock.stats().requestsByCity["130010"] == nil)
            #expect(!request.isFinished)

            request.resume().resume()
            #expect(try await request.validate().response().status == 200)
            #expect(mock.stats().requestsByCity["130010"] == 1)
        }
    }

    @Test("A callback handler starts the request, as an await does")
    func handlerStarts() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let status = await withCheckedContinuation { (done: CheckedContinuation<Int?, Never>) in
                session.request(mock.forecastURL("130010")).response { done.resume(returning: $0.response?.status) }
            }
            #expect(status == 200)
        }
    }

    @Test("A request cancelled before it starts never reaches the server, and resume() then does nothing")
    func cancelledBeforeStart() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let request = session.request(mock.forecastURL("130010"))
            request.cancel()
            request.resume()
            #expect(await failure(of: request) is CancellationError)
            _ = try await session.request(mock.forecastURL("140010")).validate().data()
            #expect(mock.stats().requestsByCity["130010"] == nil)
        }
    }

    @Test("A stream cancelled before it starts ends its consumer's loop with CancellationError, and is never sent")
    func streamCancelledBeforeStart() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let request = session.streamRequest(mock.forecastURL("130010"))
            request.request.cancel()
            let ended = LockedValue<Result<Void, any Error>?>(nil)
            Task {
                do {
                    for try await _ in request.stream() {}
                    ended.withLock { $0 = .success(()) }
                } catch {
                    ended.withLock { $0 = .failure(error) }
                }
            }
            // Not awaited: a loop that never ends fails the test instead of hanging it.
            try #require(await eventually { ended.withLock { $0 } != nil }, "the consumer's loop did not end")
            #expect(throws: CancellationError.self) { try ended.withLock { $0 }?.get() }
            _ = try await session.request(mock.forecastURL("140010")).validate().data()
            #expect(mock.stats().requestsByCity["130010"] == nil)
        }
    }
}

/// A modifier chained after the start is a programming error, stopped in its own process.
@Suite("A modifier after the start")
struct ModifierAfterStartTests {
    @Test("authenticate(username:password:) after resume() stops the process with a precondition's message")
    func authenticateAfterStart() async {
        await #expect(processExitsWith: .failure) {
            let session = try Session()
            // Port 9 (discard) on loopback: the request need not succeed, only have started.
            let request = session.request("http://127.0.0.1:9/").resume()
            request.authenticate(username: "user", password: "secret")
        }
    }
}
