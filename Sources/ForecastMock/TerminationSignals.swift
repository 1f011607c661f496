import Dispatch
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGINT or SIGTERM, so the server can shut down and the process exit 0.
///
/// Create it before starting work: from then on both signals are caught (their default action,
/// ending the process, is ignored) and remembered until ``wait()`` returns.
final class TerminationSignals {
    private let latch = Latch()
    private let sources: [any DispatchSourceSignal]

    init() {
        let latch = self.latch
        self.sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { latch.open() }
            source.resume()
            return source
        }
    }

    deinit {
        for source in self.sources {
            source.cancel()
        }
    }

    /// Returns once SIGINT or SIGTERM has arrived (at once if one already has).
    func wait() async {
        await self.latch.wait()
    }

    /// Opens once; wakes the task waiting for it, or lets the next waiter through at once.
    private final class Latch: Sendable {
        private enum State {
            case closed
            case waiting(CheckedContinuation<Void, Never>)
            case open
        }

        /// NIO's pthread-based lock, which ThreadSanitizer sees (it cannot see the futex inside
        /// `Synchronization.Mutex` on Linux).
        private let state = NIOLockedValueBox(State.closed)

        func wait() async {
            await withCheckedContinuation { continuation in
                let isOpen = self.state.withLockedValue { state in
                    if case .open = state {
                        return true
                    }
                    state = .waiting(continuation)
                    return false
                }
                if isOpen {
                    continuation.resume()
                }
            }
        }

        func open() {
            let waiting = self.state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                defer { state = .open }
                if case .waiting(let continuation) = state {
                    return continuation
                }
                return nil
            }
            waiting?.resume()
        }
    }
}
