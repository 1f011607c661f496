import CurlHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock file beside one cache entry (`130010.json.lock`), locked with `flock(2)`, so that of
/// the processes sharing a cache folder one at a time fetches the entry.
///
/// flock's lock belongs to the open file description: two opens of the file contend even within one process (the same
/// city twice in one run waits for the first), and the lock ends with the process that holds it, however that process
/// ends, so a dead holder leaves nothing to clean up. The lock file is never removed: a process that opened it before a
/// removal would lock the removed file while a newcomer locks a new one, and both would fetch.
///
/// Waiting polls with `LOCK_NB` rather than blocking in `flock`: a blocked `flock` cannot be
/// bounded without a signal (which belongs to the host process), and it would hold a thread of
/// the cooperative pool; a poll suspends the task between tries.
final class CacheLock: Sendable {
    /// What one try came to.
    enum Attempt: Equatable {
        /// This process holds the lock until ``release()``.
        case locked
        /// Another open of the file holds it.
        case busy
        /// The file system refuses locks (`ENOLCK`, `EOPNOTSUPP`), or the file is closed.
        case unavailable
    }

    /// The open lock file; -1 once released. Behind a lock because the lock is released on
    /// whichever thread stores the entry (a request's handler queue in the callback adapters).
    private let descriptor: LockedValue<Int32>

    /// How many pauses the ``wait(until:)`` calls on this lock have begun, each after a try that
    /// found it busy: above zero once a waiter is waiting. Tests read it, so that a holder
    /// releases after a waiter has really waited rather than after a sleep that hopes so.
    var busyPauses: Int { pauses.withLock { $0 } }
    private let pauses = LockedValue(0)

    /// Opens the lock file at `path`, creating it; nil if it cannot be opened (a read-only
    /// folder, a file in the way): the entry is then fetched without a lock.
    ///
    /// Read-only is enough for `flock`, and lets a lock file the process cannot write be used.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        descriptor = LockedValue(fd)
    }

    deinit {
        release()
    }

    /// Takes the lock if no other open of the file holds it, without waiting.
    func tryLock() -> Attempt {
        descriptor.withLock { fd in
            guard fd >= 0 else { return .unavailable }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                switch errno {
                case EINTR: continue
                case EWOULDBLOCK: return .busy
                default: return .unavailable
                }
            }
            return .locked
        }
    }

    /// Tries until the lock is taken or `limit` passes, suspending the task between tries;
    /// `.busy` when the limit passed or the task was cancelled first.
    func wait(until limit: ContinuousClock.Instant, clock: any RunClock) async -> Attempt {
        var round = 0
        while true {
            let attempt = tryLock()
            let now = clock.now
            guard attempt == .busy, now < limit else { return attempt }
            pauses.withLock { $0 += 1 }
            do {
                try await clock.sleep(until: min(now + Self.pause(round), limit))
            } catch {
                return .busy
            }
            round += 1
        }
    }

    /// Releases the lock (if held) by closing the file; later tries answer `.unavailable`.
    func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }
    }

    /// The pause before try `round + 1`: short at first, since a holder is usually a request
    /// of a few hundred milliseconds already under way, then at most 100 ms, so that a waiter
    /// follows the holder's release closely and twenty waiters still cost nothing noticeable.
    private static func pause(_ round: Int) -> Duration {
        .milliseconds(min(100, 5 << min(round, 5)))
    }
}
