import CurlHTTP
import Foundation
import MockAPI
import Testing

/// Starts a mock API on a free port, runs `body`, and shuts the mock down whatever happens.
func withMock<T>(
    _ configuration: MockConfiguration = MockConfiguration(),
    _ body: (MockServer) async throws -> T
) async throws -> T {
    try await MockServer.withServer(configuration, body)
}

/// The repository's Fixtures/ folder.
let fixturesDirectory = URL(fileURLWithPath: MockConfiguration.defaultFixturesDirectory)

func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixturesDirectory.appendingPathComponent(name))
}

/// Request options for tests: short timeouts and no retries unless a test asks for them.
func testOptions(
    timeout: Duration = .seconds(5), retry: RetryPolicy = .none, maxBodySize: Int = 8 << 20
) -> RequestOptions {
    RequestOptions(timeout: timeout, connectTimeout: .seconds(2), maxBodySize: maxBodySize, retry: retry)
}

/// The error a request fails with, or nil if it succeeds.
func failure(of request: Request) async -> (any Error)? {
    do {
        _ = try await request.validate().response()
        return nil
    } catch {
        return error
    }
}

/// Seconds between two instants.
func seconds(_ from: ContinuousClock.Instant, _ to: ContinuousClock.Instant) -> Double {
    let (s, atto) = (to - from).components
    return Double(s) + Double(atto) / 1e18
}
