import CurlHTTP
import Dispatch
import Foundation
import MockAPI
import Testing

@Suite("Handlers delivered on named queues")
struct HandlerQueueTests {
    @Test("Handlers on different queues still run one after the other, in the order they were added")
    func orderAcrossQueues() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let order = LockedValue<[String]>([])
            let slow = DispatchQueue(label: "slow")
            let fast = DispatchQueue(label: "fast")

            let secondRan = DispatchSemaphore(value: 0)

            // Given a first handler on one queue, and a second on another queue
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                session.request(mock.forecastURL("130010"))
                    .responseData(queue: slow) { _ in
                        // A chain that let the second run before this one returned would run it
                        // now, on its free queue: this wait would end at once and the order
                        // below be wrong. A correct chain never runs it meanwhile, and the wait
                        // ends at its bound, which only a broken chain's speed depends on.
                        let overtaken = secondRan.wait(timeout: .now() + 0.5) == .success
                        order.withLock { $0.append(overtaken ? "first, overtaken" : "first, on slow") }
                    }
                    .responseString(queue: fast) { _ in
                        order.withLock { $0.append("second, on fast") }
                        secondRan.signal()
                    }
                    .response { _ in
                        order.withLock { $0.append("third, on the request's queue") }
                        done.resume()
                    }
            }
            // Then the second waited for the first although its queue was free
            #expect(order.withLock { $0 } == ["first, on slow", "second, on fast", "third, on the request's queue"])
        }
    }

    @Test("Many requests finishing together do not each get a thread of their own")
    func boundedThreads() async throws {
        try await MockServer.withServer { mock in
            // The suite's timeouts: the first request waits at the server for the last.
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            // All 100 answers wait at the server until the last request is there.
            mock.closeGate(untilHeld: 100)
            let threads = LockedValue<Set<UInt>>([])
            let remaining = LockedValue(100)
            // Given 100 requests that all finish at about the same moment, whose handlers
            // take a little while
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                for _ in 0..<100 {
                    session.request(mock.forecastURL("130010")).responseData { _ in
                        threads.withLock { _ = $0.insert(UInt(bitPattern: Int(pthread_self()))) }
                        // The handler's own work, as a real handler's takes a while: a pause,
                        // not a wait for another thread, and no check depends on its length. A
                        // bounded pool runs the handlers in turn however long each takes (or
                        // with no pause at all). The pause only makes each hold its thread, so
                        // that a queue that starts a thread whenever a handler waits for one
                        // (the overcommitting root queue) starts many; no hand-off can stand in
                        // for it, since nothing here waits for an event.
                        Thread.sleep(forTimeInterval: 0.005)
                        if remaining.withLock({ $0 -= 1; return $0 == 0 }) { done.resume() }
                    }
                }
            }
            // Then they shared a pool near the number of cores, not one thread per request
            // (with each request queue on the overcommitting root queue, 27 threads ran them here).
            let count = threads.withLock { $0.count }
            #expect(count <= ProcessInfo.processInfo.activeProcessorCount * 4, "\(count) threads ran handlers")
        }
    }
}
