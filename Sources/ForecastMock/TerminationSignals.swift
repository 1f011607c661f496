import Dispatch

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
    private let sources: [any DispatchSourceSignal]
    /// Keeps the newest signal until ``wait()`` reads it: one that arrived first is not lost.
    private let arrivals: AsyncStream<Void>

    init() {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.arrivals = arrivals
        self.sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { arrived.yield() }
            source.resume()
            return source
        }
    }

    deinit {
        self.sources.forEach { $0.cancel() }
    }

    /// Returns once SIGINT or SIGTERM has arrived (at once if one already has).
    func wait() async {
        for await _ in self.arrivals { return }
    }
}
