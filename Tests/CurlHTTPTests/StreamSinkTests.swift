import Dispatch
import Foundation
import Testing
import TestSupport

@testable import CurlHTTP

/// A stream's sink driven by hand, without a transfer: what its consumer sees, in what order.
@Suite("A stream's sink")
struct StreamSinkTests {
    @Test("What is queued on responseStream's queue at the end comes after the last chunk, though the delivery job had used its share")
    func endAfterLastChunk() async {
        // 5 MB in libcurl's 16 KB chunks: one job's share (4 MB) ends before the body does.
        let chunk = Data(count: 16 << 10)
        let total = 320
        let sink = StreamSink(wake: {})
        let queue = DispatchQueue(label: "StreamSinkTests")
        // As libcurl would, a chunk is offered each time the consumer takes one, keeping the sink
        // just short of full, so that the delivery job never runs out before the end, which
        // comes (with the completion queued behind the job, as `Request` does) while the job
        // still has more than a megabyte to deliver.
        let counts = LockedValue((offered: 0, delivered: 0, refused: 0))
        let offer: @Sendable () -> Void = {
            let offered = chunk.withUnsafeBytes { sink.offer($0) }
            counts.withLock { counts in
                if case .refused = offered { counts.refused += 1 } else { counts.offered += 1 }
            }
        }
        for _ in 1..<StreamSink.highWater / chunk.count { offer() }
        let deliveredAtEnd = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            sink.deliver(on: queue) { _ in
                let next = counts.withLock { counts -> Int? in
                    counts.delivered += 1
                    return counts.offered < total ? counts.offered + 1 : nil
                }
                guard let next else { return }
                offer()
                if next == total {
                    sink.finish(.success(()))
                    queue.async { done.resume(returning: counts.withLock { $0.delivered }) }
                }
            }
        }
        #expect(counts.withLock { $0.refused } == 0)
        #expect(deliveredAtEnd == total)
    }
}
