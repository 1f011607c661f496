import Foundation
import MockAPI
import Testing

@testable import CurlHTTP

/// Timeouts are always set: libcurl reads 0 ms as "no timeout".
@Suite("Timeouts always set")
struct TimeoutTests {
    @Test("A timeout under 1 ms becomes 1 ms, never 0; a huge one is capped")
    func clamping() {
        #expect(Transfer.timeoutMilliseconds(.microseconds(500)) == 1)
        #expect(Transfer.timeoutMilliseconds(.zero) == 1)
        #expect(Transfer.timeoutMilliseconds(.seconds(-1)) == 1)
        #expect(Transfer.timeoutMilliseconds(.milliseconds(1500)) == 1500)
        #expect(Transfer.timeoutMilliseconds(.seconds(Int64.max)) == Int(Int32.max))
    }

    @Test("A request with a sub-millisecond timeout to a stalled server times out")
    func subMillisecondTimeout() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.stall)])) { mock in
            let options = RequestOptions(timeout: .microseconds(100), connectTimeout: .seconds(2), retry: .none)
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let request = session.request(mock.forecastURL("130010"))
            // Without a timeout the request would never end: stop it after 3 s so the test fails instead.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(3))
                request.cancel()
            }
            let error = await failure(of: request)
            watchdog.cancel()
            #expect((error as? CurlError)?.kind == .timedOut, "got \(String(describing: error))")
        }
    }
}
