#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that several threads share, behind a `pthread_mutex_t`.
///
/// The package's lock for shared state, in place of `Synchronization.Mutex`: on Linux that lock waits on a futex
/// through code ThreadSanitizer does not instrument, so TSan never sees the order it imposes and reports every critical
/// section as a race. ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so it sees this lock,
/// as it sees SwiftNIO's `NIOLock`, which is built the same way. `package`, not `public`: a lock is no part of an HTTP
/// client's API, but `Forecast` and the tests use it too.
package final class LockedValue<Value> {
    /// The mutex, at an address of its own that never changes: a `pthread_mutex_t` must not be moved or copied once
    /// initialised, and Swift promises no stable address for a stored property (an `inout` access may go through a
    /// temporary copy). Allocated and initialised in `init`, destroyed and freed in `deinit`, used only in between.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Read and written only by `withLock`'s body, with the mutex held.
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Fails only without memory or with bad attributes (none are passed).
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        // No thread can hold the lock any more: holding it takes a reference to `self`.
        let status = pthread_mutex_destroy(mutex)
        assert(status == 0, "pthread_mutex_destroy failed: \(status)")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held, giving it the value to read or change; returns what it
    /// returns. `body` must not call `withLock` on the same lock (the mutex is not recursive).
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Fail only for a mutex not initialised or (lock) a deadlock the default kind misses: never for a live object.
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
        }
        return try body(&value)
    }
}

/// Sound because `value` is only reached through `withLock`, which holds the mutex, and a
/// `Sendable` value may be handed between threads; the mutex's own pointer never changes.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
