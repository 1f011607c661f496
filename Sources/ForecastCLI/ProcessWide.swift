internal import CProcess
internal import CurlHTTP
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Everything `forecast` sets for the whole process, in one place: the libraries never change
/// their host process, and nothing here is part of their API.
///
/// `prepare()` runs first in `main`, while the process has one thread, since `setenv` and `mallopt` are not safe beside
/// other threads. `exit(_:)` ends a run that finished; `leave(_:)` ends the process at once from any thread (Ctrl-C,
/// output that cannot be written): ending the process closes every connection in the same instant, which tearing the
/// transfers down one by one would only delay.
enum ProcessWide {
    /// Sets up the process for a command that starts often and exits right after its work.
    static func prepare() {
        // glibc gives every thread that allocates a malloc arena of its own (up to eight per core), each keeping its
        // own free pages; the session's thread and the threads that decode would each hold one. One arena keeps a
        // parallel run's peak memory lower at no cost in time. mallopt(M_ARENA_MAX, 1), called from C: Swift's Glibc
        // module leaves <malloc.h> out. A refusal leaves glibc's default, which costs memory and nothing else.
        _ = cprocess_malloc_arena_max(1)
        // GnuTLS is asked not to initialise itself when it is loaded, unless the user set either of
        // its names for that: Debian's libcurl brings it in through librtmp and libldap, and its
        // constructor builds its global state at load; forecast never uses it (http and https only,
        // over OpenSSL). GNUTLS_NO_IMPLICIT_INIT is the name since GnuTLS 3.7.3; the older
        // GNUTLS_NO_EXPLICIT_INIT is read too, as deprecated, and a user's setting of it is left to win.
        if getenv("GNUTLS_NO_EXPLICIT_INIT") == nil {
            setenv("GNUTLS_NO_IMPLICIT_INIT", "1", 0)
        }
        // OpenSSL's atexit clean-up frees one by one what the exit frees at once. The only
        // import of CurlHTTP in the command, for this package-level switch.
        CurlGlobal.skipTLSCleanupAtExit()
        // A write to a closed pipe fails with EPIPE instead of killing the process, so that
        // `forecast … | head -1` ends quietly on its own terms (Terminal.output).
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends a run that has finished its work, with the C library's exit: its atexit handlers
    /// run, and nothing else is left to do.
    static func exit(_ status: ExitStatus) -> Never {
        Glibc.exit(status.rawValue)
    }

    /// Ends the process now, from any thread, without running exit handlers while the
    /// session's thread may still be busy. Every write is a write(2), so nothing is buffered.
    static func leave(_ status: ExitStatus) -> Never {
        _exit(status.rawValue)
    }

    /// Runs `handler` on Ctrl-C (SIGINT) instead of the default termination, until the returned value is released.
    static func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> SignalHandler {
        SignalHandler(SIGINT, handler)
    }

    /// Runs `handler` once standard output can no longer be written: the reader of its pipe has
    /// gone (`forecast --watch … | head -1` after `head` has its line), or its terminal has hung
    /// up. A thread of its own waits in poll(2) for nothing but that (POLLERR, POLLHUP), so the
    /// process notices at once rather than at its next print, hours later, as `tail -f` does.
    /// A regular file or /dev/null never reports either, and the thread just waits.
    static func onOutputClosed(_ handler: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "forecast.output-watch").async {
            var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
            while true {
                let ready = poll(&output, 1, -1)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0, output.revents & Int16(POLLERR | POLLHUP) != 0 else { return }
                handler()
                return
            }
        }
    }
}

/// A signal handled by a block instead of its default action, for as long as the value lives.
final class SignalHandler {
    private let number: Int32
    private let source: any DispatchSourceSignal

    init(_ number: Int32, _ handler: @escaping @Sendable () -> Void) {
        self.number = number
        signal(number, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
    }

    deinit {
        source.cancel()
        signal(number, SIG_DFL)
    }
}
