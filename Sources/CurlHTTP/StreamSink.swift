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
    /// the sink is full and the transfer must pause (the chunk comes again after). A refused
    /// chunk is not copied.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        enum Delivery {
            case refused, held, waiter(CheckedContinuation<Data?, any Error>), pushed(DispatchQueue, @Sendable (Data) -> Void)
        }
        let delivery = state.withLock { state -> Delivery in
            if let waiter = state.waiter {
                state.waiter = nil
                return .waiter(waiter)
            }
            guard state.held < Self.highWater else {
                state.paused = true
                return .refused
            }
            state.held += bytes.count
            if let push = state.push { return .pushed(push.queue, push.chunk) }
            state.chunks.append(Data(bytes))
            return .held
        }
        switch delivery {
        case .refused: return false
        case .held: break
        case .waiter(let waiter): waiter.resume(returning: Data(bytes))
        case .pushed(let queue, let deliver):
            let chunk = Data(bytes)
            queue.async {
                deliver(chunk)
                self.consumed(chunk.count)
            }
        }
        return true
    }

    /// Whether a paused transfer may go on, the consumer having taken enough; true clears the
    /// pause. The session's thread asks it each turn for its paused transfers.
    func takeResume() -> Bool {
        state.withLock { state in
            guard state.paused, state.held < Self.lowWater else { return false }
            state.paused = false
            return true
        }
    }

    /// The request's end, once every chunk it had was offered. A consumer waiting then has
    /// taken every chunk (it waits only on an empty sink), and is told at once.
    func finish(_ end: Result<Void, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = end
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: end.map { nil })
    }

    /// The next chunk, waiting for it; nil at the end of the body; throws what failed it.
    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
            let (ready, wakes) = state.withLock { state -> (Result<Data?, any Error>?, Bool) in
                var ready: Result<Data?, any Error>?
                if !state.chunks.isEmpty {
                    let chunk = state.chunks.removeFirst()
                    state.held -= chunk.count
                    ready = .success(chunk)
                } else if let end = state.end {
                    ready = end.map { nil }
                } else {
                    state.waiter = continuation
                }
                return (ready, state.paused && state.held < Self.lowWater)
            }
            if let ready {
                continuation.resume(with: ready)
            }
            if wakes { wake() }
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
