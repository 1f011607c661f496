// Deliberately racy: four threads increment one counter with no lock. ThreadSanitizer must
// report it; if it does not, the sanitizer set-up is blind and a clean run proves nothing.
import Dispatch
import Foundation

nonisolated(unsafe) var counter = 0

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
            counter += 1
        }
        group.leave()
    }
}
for _ in 0..<4 { started.wait() }
for _ in 0..<4 { go.signal() }
group.wait()
print("racy: counter = \(counter)")
