import Foundation
import MockAPI
import Testing
import TestSupport

@testable import CurlHTTP

/// What the engine does when libcurl's multi handle stops working.
@Suite("A failing multi handle", .serialized)
struct EngineFailureTests {
    @Test("A multi handle that keeps failing ends every transfer with libcurl's message, stops the loop, and refuses later requests")
    func persistentMultiError() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            // An engine made without a session: libcurl is loaded here, as a session would (run
            // alone, no other test has loaded it before).
            try CurlGlobal.initialize()
            let engine = try Engine(configuration: SessionConfiguration())
            let stopped = DispatchSemaphore(value: 0)
            Thread {
                engine.run()
                stopped.signal()
            }.start()

            // Given a transfer in flight. Its timeout is a safety net only: the broken handle ends
            // it. The net is far beyond any wait of a loaded machine, on which this test's next
            // step may not run for minutes (CI: 121 s), so the timeout cannot end it first.
            let stalled = Self.request(mock.forecastURL("130010"), testOptions(timeout: .seconds(900)), on: engine).resume()
            try #require(await eventually { mock.stats().inFlight == 1 })

            // When the multi handle breaks: closed on the engine thread (where a retry policy's
            // closure runs, between libcurl calls), every curl_multi_* call then fails with
            // CURLM_BAD_HANDLE. No other thread touches the handle meanwhile.
            var breaking = testOptions()
            breaking.retry = RetryPolicy(maxRetries: 1, retryableResponse: { _ in
                engine.multi.close()
                return false
            })
            let breaker = Self.request(mock.forecastURL("140010"), breaking, on: engine)
            #expect(try await breaker.response().status == 200)

            // Then the loop returns instead of spinning
            let returned = await withCheckedContinuation { done in
                // The suite's bound: a stopping loop is quick, but a loaded CI machine has
                // stalled threads for seconds; a spinning one never stops.
                let bound: DispatchTimeInterval = Sanitizer.isActive ? .seconds(120) : .seconds(60)
                DispatchQueue.global().async { done.resume(returning: stopped.wait(timeout: .now() + bound)) }
            }
            #expect(returned == .success, "the engine loop did not stop")
            if returned != .success {
                engine.shutdown()  // so that a regression fails here instead of hanging below
            }
            // and the transfer that was in flight has ended with the multi handle's error
            #expect(stalled.isFinished)
            let error = try #require(await failure(of: stalled) as? CurlError)
            #expect(error.message == "Invalid multi handle")
            #expect(error.kind == .multiHandleFailed)
            #expect(error.multiCode == .badHandle)
            #expect(error.code == nil)
            #expect(error.attempts == 1)
            // and a later request fails at once with the same error
            let later = Self.request(mock.forecastURL("140010"), testOptions(), on: engine).resume()
            #expect(later.isFinished)
            #expect((await failure(of: later) as? CurlError)?.message == "Invalid multi handle")
        }
    }

    /// A request of `engine`, which has no session.
    private static func request(_ url: String, _ options: RequestOptions, on engine: Engine) -> Request {
        let description = RequestDescription(url: url, endpoint: Endpoint(url: url), method: .get, headers: [:], body: nil, options: options)
        return Request(url: url, engine: engine, description: description)
    }
}
