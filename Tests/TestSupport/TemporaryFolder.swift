import Foundation

/// A new, empty folder under the system's temporary directory, removed with everything in it
/// when the value is released.
public final class TemporaryFolder {
    /// Where the folder is.
    public let url: URL

    /// Creates the folder; its name starts with `prefix` and ends with a UUID.
    public init(prefix: String = "forecast-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The folder's path.
    public var path: String { url.path }

    /// The path of `name` inside the folder (nothing is created).
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// Runs `body` with a new temporary folder, and removes the folder afterwards whatever happens.
public func withTemporaryFolder<T>(
    prefix: String = "forecast-tests", _ body: (TemporaryFolder) async throws -> T
) async throws -> T {
    let folder = try TemporaryFolder(prefix: prefix)
    // Kept alive to the end of `body`, which is when its deinit removes it.
    defer { withExtendedLifetime(folder) {} }
    return try await body(folder)
}

/// A new temporary folder that the caller removes.
public func temporaryDirectory(prefix: String = "forecast-tests") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
