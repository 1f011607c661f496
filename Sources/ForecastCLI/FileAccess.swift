#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process can read a file or a directory, asked of the system before any request.
enum FileAccess {
    /// True for a regular file (or a link to one) this user may read.
    static func isReadableFile(_ path: String) -> Bool {
        kind(of: path) == S_IFREG && access(path, R_OK) == 0
    }

    /// True for a directory (or a link to one) this user may list.
    static func isReadableDirectory(_ path: String) -> Bool {
        kind(of: path) == S_IFDIR && access(path, R_OK | X_OK) == 0
    }

    /// The file type bits of what `path` names (following links), or nil if it names nothing.
    private static func kind(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
