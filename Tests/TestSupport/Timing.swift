import Foundation

/// The one wait with a deadline of the suite: until `condition` holds, checking every few
/// milliseconds, for at most `timeout` (by default a minute, two under a sanitizer). A
/// condition that holds ends the wait at once, so the bound only matters when it never does:
/// it is generous because the whole suite runs at once on two cores, where a test's process
/// can wait seconds for its turn.
///
/// - Returns: whether it held in time.
public func eventually(timeout: Duration? = nil, _ condition: () -> Bool) async -> Bool {
    let timeout = timeout ?? (Sanitizer.isActive ? .seconds(120) : .seconds(60))
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() {
            return true
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// Seconds between two instants.
public func seconds(_ from: ContinuousClock.Instant, _ to: ContinuousClock.Instant) -> Double {
    let (s, atto) = (to - from).components
    return Double(s) + Double(atto) / 1e18
}

/// Runs blocking work on a global dispatch queue, off the cooperative pool, and waits for it.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
