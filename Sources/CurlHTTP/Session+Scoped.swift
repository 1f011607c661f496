/// Runs `body` with a new session, then invalidates it and waits, without blocking a thread,
/// until its thread has ended every transfer and freed its handles.
///
/// ```swift
/// let status = try await withSession { session in
///     try await session.request("http://127.0.0.1:8080/").response().status
/// }
/// ```
///
/// - Throws: `CurlError` if the session cannot be created, or what `body` throws.
public func withSession<T>(
    configuration: SessionConfiguration = SessionConfiguration(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Session) async throws -> T
) async throws -> T {
    let session = try Session(configuration: configuration)
    do {
        let result = try await body(session)
        session.invalidateAndCancel()
        await session.waitUntilInvalidated()
        return result
    } catch {
        session.invalidateAndCancel()
        await session.waitUntilInvalidated()
        throw error
    }
}
