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
            // Without a timeout the request would never end: the deadline ends it instead, with
            // another kind of error, so that the test fails rather than hangs.
            let options = RequestOptions(
                timeout: .microseconds(100), connectTimeout: .seconds(2), retry: .none, deadline: .now + .seconds(30))
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let error = await failure(of: session.request(mock.forecastURL("130010")))
            #expect((error as? CurlError)?.kind == .timedOut, "got \(String(describing: error))")
        }
    }
}
