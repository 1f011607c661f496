import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program the tests run, started with `posix_spawn` rather than Foundation's `Process`.
///
/// `Process.run()` on Linux (swift-corelibs-foundation of Swift 6.3) reads past a buffer while
/// it lists `/proc/self/fd` and now and then crashes the test runner with SIGSEGV, more often
/// the more children a suite starts at once (swift-corelibs-foundation pull request 5472). The
/// child gets every signal at its default disposition and none blocked, as a shell's child
/// does: the test runner's threads block and ignore signals of their own.
///
/// A thread of its own waits for the child's end (`waitid` with `WNOWAIT`, which leaves the child
/// to be reaped here) and notes the moment: ``ended(within:)`` is woken by the end itself, and
/// ``endedAt`` is when it came, however long a busy suite keeps the test's task waiting for a
/// thread of the cooperative pool.
///
/// `@unchecked Sendable` is sound because `pid` and `path` never change and `exit`, `endedAt` and
/// `waiters`, the only mutable state, are read and written under `lock`.
public final class ChildProcess: @unchecked Sendable {
    /// How the child ended: its exit status, or the signal that ended it.
    public struct Exit: Sendable, Equatable {
        public let status: Int32
        public let signalled: Bool
    }

    /// A child that had not ended by the deadline of ``wait(timeout:)``, which killed it.
    public struct Overdue: Error, CustomStringConvertible {
        public let path: String
        public let pid: pid_t
        public let timeout: Duration

        public var description: String {
            "\(path) (pid \(pid)) had not ended after \(timeout), and was killed"
        }
    }

    /// Where a standard stream goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A file, truncated or created (an existing one such as /dev/full is opened for writing).
        case file(String)
        /// For standard input: these bytes, then the end of the file.
        case bytes(Data)
    }

    public let pid: pid_t
    /// The program, for messages.
    public let path: String
    /// Just before the child was started.
    public let startedAt: ContinuousClock.Instant
    private let lock = NSLock()
    private var exit: Exit?
    private var endedInstant: ContinuousClock.Instant?
    /// The tasks waiting in ``ended(within:)``, by a number of their own.
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    /// Starts `path` with `arguments` (without the program's name) and exactly `environment`.
    public init(
        _ path: String, _ arguments: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var input: [Int32] = [-1, -1]
        if case .bytes = stdin {
            guard pipe(&input) == 0 else { throw POSIXError(.EMFILE) }
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
            posix_spawn_file_actions_addclose(&actions, input[0])
            posix_spawn_file_actions_addclose(&actions, input[1])
        }
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let file):
                posix_spawn_file_actions_addopen(&actions, fd, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .bytes:
                continue
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // strdup'd C strings, freed once posix_spawn has copied them into the child.
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        startedAt = .now
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if case .bytes(let data) = stdin {
            close(input[0])
            if status == 0 {
                data.withUnsafeBytes { bytes in
                    var offset = 0
                    // baseAddress is nil only for empty data, for which the loop never runs; the
                    // pointer stays within the buffer, which lives for the closure.
                    while offset < bytes.count {
                        let written = write(input[1], bytes.baseAddress! + offset, bytes.count - offset)
                        guard written > 0 else { break }
                        offset += written
                    }
                }
            }
            close(input[1])
        }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        self.pid = pid
        self.path = path
        Thread { [self] in watch() }.start()
    }

    /// Waits for the child's end without reaping it, then notes the moment and wakes the waiters.
    private func watch() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        let now = ContinuousClock.now
        let woken = lock.withLock {
            endedInstant = now
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        woken.forEach { $0.resume(returning: true) }
    }

    /// How long the child ran, from just before its start to its end as its watching thread
    /// saw it: not when a test's task next had a thread; nil while it runs.
    public var ran: Duration? {
        endedAt.map { $0 - startedAt }
    }

    /// When the child ended, as its watching thread saw it at once; nil while it runs.
    public var endedAt: ContinuousClock.Instant? {
        lock.withLock { endedInstant }
    }

    /// Waits until the child has ended, holding no thread: true as soon as it has, false if it
    /// is still running after `timeout` (it is left running).
    public func ended(within timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let number: Int? = lock.withLock {
                guard endedInstant == nil else { return nil }
                nextWaiter += 1
                waiters[nextWaiter] = continuation
                return nextWaiter
            }
            guard let number else {
                continuation.resume(returning: true)
                return
            }
            let (seconds, attoseconds) = timeout.components
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) { [self] in
                lock.withLock { waiters.removeValue(forKey: number) }?.resume(returning: false)
            }
        }
    }

    /// True until the child has ended (and been reaped).
    public var isRunning: Bool {
        reap() == nil
    }

    /// Waits for the child's end, checking every few milliseconds (a blocking `waitpid` would
    /// hold the lock that `send` needs), for at most `timeout` (by default a minute, five under
    /// a sanitizer): a child that is still running then is killed, and the wait throws
    /// ``Overdue``, so that a test never hangs on a child.
    public func wait(timeout: Duration? = nil) throws(Overdue) -> Exit {
        let timeout = timeout ?? (Sanitizer.isActive ? .seconds(300) : .seconds(60))
        if let exit = reap(until: .now + timeout) { return exit }
        send(SIGKILL)
        // SIGKILL cannot be caught: the child ends as soon as the kernel lets it, and is reaped
        // here unless it is stuck in an uninterruptible sleep, which is not worth a hang either.
        _ = reap(until: .now + .seconds(10))
        throw Overdue(path: path, pid: pid, timeout: timeout)
    }

    /// The child's end, checked every 2 ms until `deadline`; nil if it is still running then.
    private func reap(until deadline: ContinuousClock.Instant) -> Exit? {
        while true {
            if let exit = reap() { return exit }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(2_000)
        }
    }

    /// Sends `signal` to the child, if it has not been reaped.
    public func send(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if exit == nil { kill(pid, signal) }
    }

    /// The child's end, reaping it if it has ended; nil while it runs.
    private func reap() -> Exit? {
        lock.lock()
        defer { lock.unlock() }
        if let exit { return exit }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else { return nil }
        // The macros of <sys/wait.h>: the low 7 bits are the signal (0 for a normal exit), the
        // next 8 the exit status.
        let signal = status & 0x7F
        exit = signal == 0 ? Exit(status: (status >> 8) & 0xFF, signalled: false) : Exit(status: signal, signalled: true)
        return exit
    }

    /// Runs `path` to its end and returns how it ended and what it wrote to stdout, waiting
    /// without holding a thread: the suite's async tests share the cooperative pool's few
    /// threads, and one blocked on a child holds every other test back.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> (exit: Exit, stdout: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(path, arguments, environment: environment, stdout: .file(output.path))
        _ = await child.ended(within: Sanitizer.isActive ? .seconds(300) : .seconds(60))
        let exit = try child.wait(timeout: .seconds(1))
        return (exit, String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self))
    }

    /// The same, blocking the calling thread: for a synchronous caller (a trait's condition).
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (exit: Exit, stdout: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(path, arguments, environment: environment, stdout: .file(output.path))
        let exit = try child.wait()
        return (exit, String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self))
    }
}
