// The same counter behind the package's LockedValue (compiled together with
// Sources/CurlHTTP/LockedValue.swift): ThreadSanitizer must see the lock and stay quiet.
import Dispatch
import Foundation

let counter = LockedValue(0)

// Four threads of their own (not a pool, which might run the work one after the other on one
// thread). None starts counting before all have started, so that no thread's start or end
// (which take locks inside Foundation) orders one thread's increments before another's.
let group = DispatchGroup()
let started = DispatchSemaphore(value: 0)
let go = DispatchSemaphore(value: 0)
for _ in 0..<4 {
    group.enter()
    Thread.detachNewThread {
        started.signal()
        go.wait()
        for _ in 0..<10_000 {
            counter.withLock { $0 += 1 }
        }
        group.leave()
    }
}
for _ in 0..<4 { started.wait() }
for _ in 0..<4 { go.signal() }
group.wait()
print("locked: counter = \(counter.withLock { $0 })")
