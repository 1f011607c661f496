#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOConcurrencyHelpers
import NIOCore

/// The mutable state one ``MockServer`` shares between its event loops and its callers: the
/// configuration, the statistics and the fault counters, behind one lock.
///
/// Every request takes the lock twice (when its head arrives and when it ends) for a few dictionary and integer
/// updates, never while doing I/O. The lock is NIO's, on a pthread mutex, which ThreadSanitizer sees.
final class ServerState: Sendable {
    private struct Guarded {
        var configuration: MockConfiguration
        var stats = MockStats()
        /// Requests per source and key since its fault rule was set, for ``FaultRule/firstAttempts``.
        var faultAttempts: [FaultTarget: Int] = [:]
        /// Random faults injected since the random rule was set.
        var randomFaultsInjected = 0
        /// Requests refused so far by each `/reject/{status}/{k}` URI.
        var rejections: [String: Int] = [:]
        var gate = Gate()
    }

    private let guarded: NIOLockedValueBox<Guarded>

    init(configuration: MockConfiguration) {
        self.guarded = NIOLockedValueBox(Guarded(configuration: configuration))
    }

    /// The current configuration. Setting it restarts the ``FaultRule/firstAttempts`` count of
    /// each rule that changed (an unchanged rule keeps counting).
    var configuration: MockConfiguration {
        get { self.guarded.withLockedValue { $0.configuration } }
        set {
            self.guarded.withLockedValue { state in
                let old = state.configuration
                state.configuration = newValue
                state.faultAttempts = state.faultAttempts.filter { target, _ in
                    old.faultRule(for: target) == newValue.faultRule(for: target)
                }
                if old.randomFault != newValue.randomFault {
                    state.randomFaultsInjected = 0
                }
            }
        }
    }

    func snapshot() -> MockStats {
        self.guarded.withLockedValue { $0.stats }
    }

    /// Clears the statistics and the ``FaultRule/firstAttempts`` counts. Requests in flight stay counted in
    /// ``MockStats/inFlight`` (they will still end), and ``MockStats/maxInFlight`` restarts from there.
    func resetStats() {
        self.guarded.withLockedValue {
            var stats = MockStats()
            (stats.inFlight, stats.maxInFlight) = ($0.stats.inFlight, $0.stats.inFlight)
            (stats.held, stats.streamsBlocked) = ($0.gate.held.count, $0.stats.streamsBlocked)
            $0.stats = stats
            $0.faultAttempts = [:]
            $0.randomFaultsInjected = 0
        }
    }

    /// Updates counters that decide nothing (connections, blocked streams).
    func count(_ update: (inout MockStats) -> Void) {
        self.guarded.withLockedValue { update(&$0.stats) }
    }

    /// Counts a request whose head just arrived and decides how to treat it.
    ///
    /// - Parameters:
    ///   - route: where the request goes.
    ///   - version: the request's HTTP version as it arrived ("HTTP/1.1", "HTTP/2.0").
    /// - Returns: the latency to add and the fault to inject (a source's files only), and the
    ///   clock to stamp the body with.
    func admit(_ route: Route, version: String, at instant: ContinuousClock.Instant) -> Admission {
        self.guarded.withLockedValue { state in
            state.stats.requestsServed += 1
            state.stats.requestsByProtocol[version, default: 0] += 1
            state.stats.inFlight += 1
            state.stats.maxInFlight = max(state.stats.maxInFlight, state.stats.inFlight)
            state.stats.requestStartTimes.append(instant)
            guard case .source(let request) = route else {
                return Admission(latency: .zero, fault: nil, clock: nil)
            }
            if let target = request.target {
                state.stats.requestsBySource[target.source, default: [:]][target.key, default: 0] += 1
            }
            let configuration = state.configuration
            return Admission(
                latency: configuration.latency(for: request.latencyTarget),
                fault: Self.pickFault(for: request.target, in: &state),
                clock: configuration.stampsRelease ? configuration.clock : nil)
        }
    }

    /// Whether a request to `path` (a `/reject/` route's URI) is refused: always when `times` is
    /// nil, else the first `times` requests to that URI.
    func rejects(_ path: String, times: Int?) -> Bool {
        guard let times else { return true }
        return self.guarded.withLockedValue { state in
            let refused = state.rejections[path, default: 0]
            guard refused < times else { return false }
            state.rejections[path] = refused + 1
            return true
        }
    }

    /// Holds an answer at the gate if the gate is closed, or always with `always` (`/hold/{n}`'s end).
    ///
    /// - Returns: the answer's ticket, for ``Gate/drop(_:)`` should its connection close first, and a promise of
    ///   `eventLoop` completed when the gate lets it go; nil when it is not held (the caller answers at once).
    func hold(uri: String, always: Bool, on eventLoop: any EventLoop) -> (ticket: Int, promise: EventLoopPromise<Void>)? {
        var answer: Gate.Answer?
        self.gate { gate in
            let held = gate.hold(uri: uri, always: always, on: eventLoop)
            answer = held.answer
            return held.release
        }
        return answer.map { ($0.ticket, $0.promise) }
    }

    /// Changes the gate with `change`, and lets go what it says once the lock is let go.
    @discardableResult
    func gate(_ change: (inout Gate) -> [EventLoopPromise<Void>]) -> Int {
        let released = self.guarded.withLockedValue { state in
            defer { state.stats.held = state.gate.held.count }
            return change(&state.gate)
        }
        released.forEach { $0.succeed() }
        return released.count
    }

    /// Marks one admitted request as answered or ended; `ticket` is the one it had at the gate, if it was held there.
    func requestEnded(heldAs ticket: Int?) {
        let next = self.guarded.withLockedValue { state in
            state.stats.inFlight -= 1
            guard let ticket else { return [EventLoopPromise<Void>]() }
            defer { state.stats.held = state.gate.held.count }
            return state.gate.answered(ticket)
        }
        next.forEach { $0.succeed() }
    }

    /// The fault for a request naming `target`: the key's own rule while it lasts, else the
    /// random rule if the dice say so.
    private static func pickFault(for target: FaultTarget?, in state: inout Guarded) -> Fault? {
        if let target, let rule = state.configuration.faultRule(for: target) {
            let attempt = state.faultAttempts[target, default: 0] + 1
            state.faultAttempts[target] = attempt
            if rule.firstAttempts.map({ attempt <= $0 }) ?? true { return rule.fault }
        }
        // The dice are thrown only while the random rule's `K` is not reached.
        guard let rule = state.configuration.randomFault,
            rule.firstAttempts.map({ state.randomFaultsInjected < $0 }) ?? true,
            rule.fraction >= 1 || Double.random(in: 0..<1) < rule.fraction
        else { return nil }
        state.randomFaultsInjected += 1
        return rule.fault
    }
}

/// How the server treats one request, decided when its head arrives.
struct Admission: Sendable {
    /// Waited before the answer (or the fault).
    var latency: Duration
    /// Injected instead of the normal answer.
    var fault: Fault?
    /// The clock whose last release the body is stamped with (``MockConfiguration/clock``);
    /// nil when ``MockConfiguration/stampsRelease`` is off. Read outside the lock.
    var clock: (@Sendable () -> Date)?
}
