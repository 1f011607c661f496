import Foundation

@testable import MockAPI

/// Shared helpers of the MockAPI tests.
enum TestSupport {
    /// The repository's `Fixtures/` folder.
    static let fixtures = MockConfiguration.defaultFixturesDirectory

    /// The bytes of a file in `Fixtures/`.
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
    }

    /// Parses JSON (throws when it is not valid JSON).
    static func json(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes))
    }

    /// Starts a server, runs `body` with it, and always shuts it down.
    static func withServer<Result>(
        _ configuration: MockConfiguration = .init(),
        _ body: (MockServer) async throws -> Result
    ) async throws -> Result {
        try await MockServer.withServer(configuration, body)
    }

    /// Waits until `condition` holds, checking every few milliseconds, for at most `timeout`.
    ///
    /// - Returns: whether it held in time.
    static func eventually(timeout: Duration = .seconds(3), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() {
                return true
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }
}
