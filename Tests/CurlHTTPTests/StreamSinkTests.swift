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
        // 10 MB in libcurl's 16 KB chunks: one job's share (4 MB) ends before the body does.
        let chunk = Data(count: StreamSink.maxChunk)
        let total = 640
        let sink = StreamSink(wake: {})
        let queue = DispatchQueue(label: "StreamSinkTests")
        // As libcurl and the engine would, chunks are offered, and the open batch sealed, as the consumer takes what
        // the sink holds: for each batch delivered, the chunks of the one delivered before it (whose bytes the sink no
        // longer counts), keeping the sink just short of full, so that the delivery job never runs out before the
        // end, which comes (with the completion queued behind the job, as `Request` does) while the job still has
        // more than a megabyte to deliver.
        let counts = LockedValue((offered: 0, delivered: 0, owed: 0, refused: 0))
        let offer: @Sendable () -> Void = {
            let offered = chunk.withUnsafeBytes { sink.offer($0) }
            counts.withLock { counts in
                if case .refused = offered { counts.refused += 1 } else { counts.offered += 1 }
            }
        }
        for _ in 1..<StreamSink.highWater / chunk.count { offer() }
        _ = sink.flush(due: true)
        let deliveredAtEnd = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            sink.deliver(on: queue) { batch in
                let due = counts.withLock { counts -> Int in
                    counts.delivered += batch.count
                    defer { counts.owed = batch.count / chunk.count }
                    return min(counts.owed, total - counts.offered)
                }
                guard due > 0 else { return }
                for _ in 0..<due { offer() }
                _ = sink.flush(due: true)
                if counts.withLock({ $0.offered }) == total {
                    sink.finish(.success(()))
                    queue.async { done.resume(returning: counts.withLock { $0.delivered }) }
                }
            }
        }
        #expect(counts.withLock { $0.refused } == 0)
        #expect(deliveredAtEnd == total * chunk.count)
    }

    @Test("Chunks that come while the consumer is busy reach it as whole batches, in order; a full sink refuses the next chunk and holds no more; a batch still filling is sealed once due")
    func coalescedAndBounded() async throws {
        let wakes = LockedValue(0)
        let sink = StreamSink(wake: { wakes.withLock { $0 += 1 } })
        // The body in libcurl's largest chunks, byte `i` being `i % 251` (a chunk out of place shows).
        let body = Data((0..<(3 * StreamSink.highWater)).map { UInt8($0 % 251) })
        var offered = 0
        /// Offers chunks until the sink refuses one (or the body is all offered); returns how many it held.
        func offerUntilRefused() -> Int {
            var held = 0
            while offered < body.count {
                let chunk = body[offered..<min(offered + StreamSink.maxChunk, body.count)]
                guard case .held = chunk.withUnsafeBytes({ sink.offer($0) }) else { break }
                offered += chunk.count
                held += 1
            }
            return held
        }
        // Nobody takes anything: the sink holds its high-water mark's worth of chunks, then refuses.
        #expect(offerUntilRefused() == StreamSink.highWater / StreamSink.maxChunk)
        #expect(sink.isPaused)
        #expect(sink.heldBytes.now == StreamSink.highWater)
        // The second batch is full but still open: the engine's flush after the perform seals it (the transfer has
        // paused, so at once, though its first chunk has not waited long).
        #expect(sink.flush(due: false))
        // The consumer takes the held chunks a batch at a time, one element each, not one element a chunk.
        var received = Data()
        var elements: [Int] = []
        func take() async throws {
            let element = try #require(try await sink.next())
            elements.append(element.count)
            received.append(element)
        }
        try await take()
        // A batch taken makes room for the next: the consumer wakes the session's thread, which resumes the transfer.
        #expect(wakes.withLock { $0 } == 1, "the consumer that made room did not wake the session's thread")
        #expect(sink.takeResume())
        try await take()
        // The transfer goes on, the engine sealing what came in each turn, the consumer taking a batch each turn.
        while offered < body.count {
            _ = offerUntilRefused()
            _ = sink.flush(due: true)
            try await take()
        }
        sink.finish(.success(()))
        while let element = try await sink.next() {
            elements.append(element.count)
            received.append(element)
        }
        #expect(received == body)
        #expect(elements == Array(repeating: StreamSink.batchSize, count: body.count / StreamSink.batchSize))
        #expect(sink.heldBytes.peak == StreamSink.highWater)
    }

    @Test("A batch that fills slowly reaches the consumer once its first chunk has waited long enough, not before")
    func sealedWhenDue() async throws {
        let sink = StreamSink(wake: {})
        let bytes = Data(repeating: 7, count: 100)
        guard case .held(newBatch: true, first: true) = bytes.withUnsafeBytes({ sink.offer($0) }) else {
            Issue.record("the first chunk did not begin a batch and list the sink")
            return
        }
        // Not due yet: the batch stays open, the sink listed; the consumer could not take it.
        #expect(!sink.flush(due: false))
        // A second chunk joins the batch; the engine lists the sink once.
        guard case .held(newBatch: false, first: false) = bytes.withUnsafeBytes({ sink.offer($0) }) else {
            Issue.record("the second chunk began a batch of its own")
            return
        }
        #expect(sink.flush(due: true))
        #expect(try await sink.next() == bytes + bytes)
        // The next chunk begins a batch and lists the sink again.
        guard case .held(newBatch: true, first: true) = bytes.withUnsafeBytes({ sink.offer($0) }) else {
            Issue.record("the chunk after a flush did not begin a batch")
            return
        }
        sink.finish(.success(()))
        #expect(try await sink.next() == bytes)
        #expect(try await sink.next() == nil)
    }
}
