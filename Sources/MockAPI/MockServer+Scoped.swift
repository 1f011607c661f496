extension MockServer {
    /// Starts a server with `configuration` on a free port (over TLS if `tls` is given), runs
    /// `body` with it, and shuts it down whatever happens: the one way tests and benchmarks
    /// scope a mock API.
    public static func withServer<T>(
        _ configuration: MockConfiguration = MockConfiguration(),
        tls: MockTLS? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MockServer) async throws -> T
    ) async throws -> T {
        let server = try await MockServer.start(configuration: configuration, tls: tls)
        do {
            let result = try await body(server)
            try await server.shutdown()
            return result
        } catch {
            try? await server.shutdown()
            throw error
        }
    }
}
