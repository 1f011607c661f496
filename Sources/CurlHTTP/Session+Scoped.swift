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
    let result: Result<T, any Error>
    do {
        result = .success(try await body(session))
    } catch {
        result = .failure(error)
    }
    session.invalidateAndCancel()
    await session.waitUntilInvalidated()
    return try result.get()
}
