import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tinyproxy process for one test, listening on a free loopback port, tunnelling (CONNECT)
/// to port 443 only; `stop()` kills it.
///
/// Spawned with `posix_spawn` rather than Foundation's `Process`: a child inherits the signal
/// mask of the thread that spawns it, and the test's threads block most signals, so that a
/// `Process` child ignores `terminate()`; here the child gets an empty mask, and is killed
/// with SIGKILL anyway, which no mask blocks.
public final class TinyProxy {
    /// The installed tinyproxy, if any.
    public static let executable: String? = ["/usr/bin/tinyproxy", "/usr/sbin/tinyproxy"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    public let port: Int
    private let pid: pid_t
    /// Set once the process is reaped: its pid may then belong to another process.
    private var reaped = false
    private let folder: TemporaryFolder
    private let logFile: URL

    public init() throws {
        folder = try TemporaryFolder(prefix: "curlhttp-proxy")
        port = try Self.freePort()
        logFile = folder.url.appendingPathComponent("tinyproxy.log")
        let config = folder.url.appendingPathComponent("tinyproxy.conf")
        try """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            MaxClients 10
            Allow 127.0.0.1
            ConnectPort 443
            LogLevel Connect

            """.write(to: config, atomically: true, encoding: .utf8)
        // -d: stay in the foreground, as this very process, logging to its standard error.
        pid = try Self.spawn(Self.executable ?? "/usr/bin/tinyproxy", ["-d", "-c", config.path], log: logFile.path)
    }

    deinit {
        stop()
    }

    /// What tinyproxy has logged so far.
    public var log: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// How many CONNECT requests tinyproxy has logged.
    public var connectRequests: Int {
        log.split(separator: "\n").filter { $0.contains("]: Request (file descriptor") && $0.contains("): CONNECT ") }.count
    }

    /// True once a connection to its port succeeds.
    public func acceptsConnections() -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = Self.loopback(port: port)
        // sockaddr_in is one of the layouts a sockaddr pointer stands for, and connect reads
        // only the length given, within the closure's lifetime of `address`.
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Kills the process and reaps it; later calls do nothing.
    public func stop() {
        guard !reaped else { return }
        reaped = true
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// Starts `path` with `arguments`, its standard output and error appended to `log`, with
    /// no signal blocked.
    private static func spawn(_ path: String, _ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        // strdup'd C strings, freed once posix_spawn has copied them into the child.
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard status == 0 else { throw POSIXError(.EIO) }
        return pid
    }

    /// A port the kernel hands out for loopback, free the moment it is returned.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var address = loopback(port: 0)
        // As in acceptsConnections: bind and getsockname read and write a sockaddr_in, no more
        // than the length given, while `address` is pinned by the closure.
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EIO) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EIO) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
