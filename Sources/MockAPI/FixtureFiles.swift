#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading the files of the fixtures folder, each failure a ``FixtureError`` naming the file.
enum FixtureFiles {
    /// The file's text (UTF-8; invalid bytes become U+FFFD).
    static func readText(_ path: String) throws(FixtureError) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    static func read(_ path: String) throws(FixtureError) -> [UInt8] {
        guard let bytes = try readIfPresent(path) else { throw FixtureError(path: path, problem: "does not exist") }
        return bytes
    }

    /// The file's bytes, or nil when there is no such file.
    static func readIfPresent(_ path: String) throws(FixtureError) -> [UInt8]? {
        guard exists(path) else { return nil }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw FixtureError(path: path, problem: "cannot be read (\(error))")
        }
    }

    static func names(in path: String) throws(FixtureError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FixtureError(path: path, problem: "cannot be listed (\(error))")
        }
    }

    /// Whether something (a file or a folder) exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
