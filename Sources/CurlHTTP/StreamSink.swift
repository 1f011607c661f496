import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a streamed body goes (``DataStreamRequest``): chunks held until their consumer takes
/// them, never more than ``highWater`` bytes. When it is full, the write callback pauses the
/// transfer (`CURL_WRITEFUNC_PAUSE`: libcurl keeps the chunk and hands it over again later)
/// and the session's other transfers go on; once the consumer has taken the held bytes below
/// ``lowWater``, it wakes the session's thread, which resumes the transfer (`curl_easy_pause`,
/// from that thread, as libcurl requires).
final class StreamSink: Sendable {
    /// The bytes held before the transfer is paused, and below which it is resumed.
    static let highWater = 1 << 20
    static let lowWater = 256 << 10

    private struct State {
        var chunks: [Data] = []
        var held = 0
        /// The write callback refused a chunk: the transfer is paused until the consumer catches up.
        var paused = false
        /// The end: nil while the body arrives, then the request's outcome.
        var end: Result<Void, any Error>?
        /// A consumer waiting for the next chunk or the end.
        var waiter: CheckedContinuation<Data?, any Error>?
        /// For `responseStream`: where chunks are delivered, instead of being taken.
        var push: (queue: DispatchQueue, chunk: @Sendable (Data) -> Void)?
    }

    private let state = LockedValue(State())
    /// Wakes the session's thread (`curl_multi_wakeup`), to resume a paused transfer.
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// From the write callback, on the session's thread: true if the chunk was taken, false if
    /// the sink is full and the transfer must pause (the chunk comes again after).
    func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let chunk = Data(bytes)
        let delivery = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, (queue: DispatchQueue, chunk: @Sendable (Data) -> Void)?)? in
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            guard state.held < Self.highWater else {
                state.paused = true
                return nil
            }
            state.held += chunk.count
            if let push = state.push { return (nil, push) }
            state.chunks.append(chunk)
            return (nil, nil)
        }
        guard let delivery else { return false }
        if let waiter = delivery.0 {
            waiter.resume(returning: chunk)
        } else if let push = delivery.1 {
            push.queue.async {
                push.chunk(chunk)
                self.consumed(chunk.count)
            }
        }
        return true
    }

    /// Whether a paused transfer may go on: the consumer has taken enough. The session's
    /// thread asks it each turn for its paused transfers.
    var wantsMore: Bool {
        state.withLock { state in
            guard state.paused, state.held < Self.lowWater else { return false }
            state.paused = false
            return true
        }
    }

    /// The request's end, once every chunk it had was offered.
    func finish(_ end: Result<Void, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = end
            defer { state.waiter = nil }
            return state.chunks.isEmpty ? state.waiter : nil
        }
        waiter?.resume(with: end.map { nil })
    }

    /// The next chunk, waiting for it; nil at the end of the body; throws what failed it.
    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
            let ready = state.withLock { state -> Result<Data?, any Error>? in
                if !state.chunks.isEmpty {
                    let chunk = state.chunks.removeFirst()
                    state.held -= chunk.count
                    return .success(chunk)
                }
                if let end = state.end { return end.map { nil } }
                state.waiter = continuation
                return nil
            }
            if let ready {
                continuation.resume(with: ready)
            }
            if state.withLock({ $0.paused && $0.held < Self.lowWater }) { wake() }
        }
    }

    /// Delivers every chunk from now on to `chunk` on `queue`, in order.
    func deliver(on queue: DispatchQueue, _ chunk: @escaping @Sendable (Data) -> Void) {
        let held = state.withLock { state -> [Data] in
            state.push = (queue, chunk)
            defer { state.chunks.removeAll() }
            return state.chunks
        }
        for data in held {
            queue.async {
                chunk(data)
                self.consumed(data.count)
            }
        }
    }

    /// A pushed chunk has been handled: its bytes no longer count.
    private func consumed(_ count: Int) {
        let resume = state.withLock { state -> Bool in
            state.held -= count
            return state.paused && state.held < Self.lowWater
        }
        if resume { wake() }
    }
}
