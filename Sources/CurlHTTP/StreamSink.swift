import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a streamed body goes (``DataStreamRequest``): bytes held until their consumer takes them, never more than
/// ``highWater``. When it is full, the write callback pauses the transfer (`CURL_WRITEFUNC_PAUSE`: libcurl keeps
/// the chunk and hands it over again later) and the session's other transfers go on; once the consumer has taken the
/// held bytes below ``lowWater``, it wakes the session's thread, which resumes the transfer (`curl_easy_pause`, from
/// that thread, as libcurl requires).
///
/// The write callback copies each of libcurl's chunks (16 KB at most) into a batch, one buffer of ``batchSize`` bytes,
/// which the consumer takes whole, as one `Data` that owns the buffer (no second copy): an element is what came while
/// the consumer was busy, up to a batch, not a chunk. A consumer that asks while nothing is sealed takes the batch being
/// filled.
///
/// Batches reach the consumer as they come: the engine flushes the sink after its `curl_multi_perform` once
/// ``flushBatch`` bytes are waiting, or once the oldest has waited ``maxFlushDelay``. A consumer waiting is woken once
/// a flush, not once a chunk, and takes what came meanwhile without waiting; `responseStream` has one delivery job on
/// its queue at a time, which delivers the batches held when it runs. A body that comes fast wakes its consumer about
/// once a megabyte, not once a chunk; one that trickles reaches it a millisecond late at most.
final class StreamSink: Sendable {
    /// The bytes held before the transfer is paused, and below which it is resumed. A sink holds at most ``maxChunk``
    /// over ``highWater``.
    static let highWater = 2 << 20
    static let lowWater = 256 << 10
    /// The most libcurl hands the write callback at once (`CURL_MAX_WRITE_SIZE`, whatever its buffer's size).
    static let maxChunk = 16 << 10
    /// The bytes waiting at which the consumer is told of them at the end of the engine's turn,
    /// however recent they are: half of ``highWater``, so that a batch seldom fills the sink.
    static let flushBatch = 1 << 20
    /// How long a chunk may wait for its batch before the consumer is told of it anyway. The
    /// engine's poll waits no longer than this while a sink holds chunks unflushed.
    static let maxFlushDelay = Duration.milliseconds(1)
    /// The bytes of one batch: what one element of the body holds at most (or one chunk, were a chunk larger).
    static let batchSize = 1 << 20
    /// A batch taken with fewer bytes than this is copied out, its buffer kept for the next chunks: an element's `Data`
    /// never has more than twice its bytes allocated, whatever a consumer that keeps them does.
    static let copyBelow = batchSize / 2

    private struct State {
        /// Batches filled, oldest first, each the consumer's next element in turn.
        var sealed: [Data] = []
        /// The batch the write callback fills, after the sealed ones.
        var open: StreamBatch
        /// The bytes held: sealed and open; for `responseStream`, until delivered.
        var held = 0
        /// The most bytes ever held at once (for the tests).
        var peakHeld = 0
        /// The write callback refused a chunk: the transfer is paused until the consumer catches up.
        var paused = false
        /// The bytes held that the consumer has not been told of yet; while more
        /// than 0, the engine has this sink in its list of sinks to flush.
        var unflushed = 0
        /// The end: nil while the body arrives, then the request's outcome.
        var end: Result<Void, any Error>?
        /// A consumer waiting for the next element or the end.
        var waiter: CheckedContinuation<Data?, any Error>?
        /// For `responseStream`: where batches are delivered, instead of being taken.
        var push: (queue: DispatchQueue, chunk: @Sendable (Data) -> Void)?
        /// A delivery job is on the push queue, and will deliver what is held when it runs.
        var delivering = false

        var isEmpty: Bool { sealed.isEmpty && open.count == 0 }

        /// The next element, oldest first: a sealed batch, or the open one sealed now. Still counted in `held`.
        mutating func popElement() -> Data? {
            if !sealed.isEmpty { return sealed.removeFirst() }
            guard open.count > 0 else { return nil }
            // Once the body has ended, no chunk comes to fill a buffer kept.
            return open.seal(keepingBuffer: end == nil)
        }
    }

    /// What the write callback's chunk came to.
    enum Offer {
        /// The sink is full: pause the transfer; the chunk comes again later. It was not copied.
        case refused
        /// Held; `first` when first since the consumer was last told: the sink goes on the engine's list to flush.
        case held(first: Bool)
    }

    private let state: LockedValue<State>
    /// Wakes the session's thread (`curl_multi_wakeup`), to resume a paused transfer.
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        state = LockedValue(State(open: StreamBatch(buffers: BatchBuffers())))
    }

    deinit {
        // A consumer that let go before taking everything leaves a buffer behind.
        state.withLock { $0.open.release() }
    }

    /// The bytes held now, and the most ever held at once: what a test checks the bound by.
    var heldBytes: (now: Int, peak: Int) {
        state.withLock { ($0.held, $0.peakHeld) }
    }

    /// Whether the write callback has paused the transfer, the sink being full.
    var isPaused: Bool {
        state.withLock { $0.paused }
    }

    /// From the write callback, on the session's thread: copies the chunk into the open batch (sealing it first if
    /// the chunk does not fit), or refuses it if the sink is full.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        state.withLock { state in
            // A request already ended (cancelled from another thread during this perform): its consumer has been told
            // of the end, and hears of nothing after it. An empty chunk (none is expected) adds nothing to tell.
            guard state.end == nil, !bytes.isEmpty else { return .held(first: false) }
            guard state.held < Self.highWater else {
                state.paused = true
                return .refused
            }
            if state.open.count > 0, !state.open.fits(bytes.count) {
                state.sealed.append(state.open.seal(keepingBuffer: true))
            }
            state.open.append(bytes)
            defer { state.unflushed += bytes.count }
            state.held += bytes.count
            state.peakHeld = max(state.peakHeld, state.held)
            return .held(first: state.unflushed == 0)
        }
    }

    /// After the session's `curl_multi_perform`: tells the consumer of the chunks it has not been
    /// told of, resuming a waiting consumer with the first or starting a delivery job, if they
    /// come to `minimum` bytes or the transfer is paused (the consumer must catch up before it
    /// can go on). Returns whether the sink is done with until its next chunk: told, or ended.
    func flush(atLeast minimum: Int) -> Bool {
        let action = state.withLock { state -> HandOver? in
            guard state.end == nil else { return HandOver.none }
            guard state.unflushed >= minimum || state.paused else { return nil }
            state.unflushed = 0
            return Self.handOver(&state)
        }
        guard let action else { return false }
        perform(action)
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

    /// The request's end, once every chunk it had was offered. A consumer is told of the chunks
    /// still unflushed first, then of the end once it has taken them.
    func finish(_ end: Result<Void, any Error>) {
        let action = state.withLock { state -> HandOver in
            guard state.end == nil else { return .none }
            state.end = end
            state.unflushed = 0
            if state.open.count == 0 { state.open.release() }
            // No chunk comes after the end: buffers handed back from now on are freed.
            state.open.buffers.close()
            let action = Self.handOver(&state)
            Self.letGoOfConsumerAtEnd(&state)
            return action
        }
        perform(action)
    }

    /// The next element (the bytes held, a batch at most), waiting for it; nil at the end of the body; throws what
    /// failed it.
    func next() async throws -> Data? {
        // A chunk or the end already there is taken without suspending.
        if let ready = state.withLock({ Self.take(&$0) }) {
            resumeIfCaughtUp()
            return try ready.get()
        }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
            let ready = state.withLock { state in
                let ready = Self.take(&state)
                if ready == nil { state.waiter = continuation }
                return ready
            }
            if let ready {
                continuation.resume(with: ready)
                resumeIfCaughtUp()
            }
        }
    }

    /// Delivers every batch from now on to `chunk` on `queue`, in order.
    func deliver(on queue: DispatchQueue, _ chunk: @escaping @Sendable (Data) -> Void) {
        let action = state.withLock { state in
            state.push = (queue, chunk)
            return Self.handOver(&state)
        }
        perform(action)
    }

    // MARK: Hand-over

    private enum HandOver {
        case none
        case resume(CheckedContinuation<Data?, any Error>, Result<Data?, any Error>)
        case startDelivery(DispatchQueue, @Sendable (Data) -> Void)
    }

    /// What to tell the consumer of what is held: under the lock, done by `perform` after it.
    private static func handOver(_ state: inout State) -> HandOver {
        if let push = state.push {
            guard !state.delivering, !state.isEmpty else { return .none }
            state.delivering = true
            return .startDelivery(push.queue, push.chunk)
        }
        guard let waiter = state.waiter, let ready = take(&state) else { return .none }
        state.waiter = nil
        return .resume(waiter, ready)
    }

    private func perform(_ action: HandOver) {
        switch action {
        case .none: break
        case .resume(let waiter, let ready):
            waiter.resume(with: ready)
            // Taking it may have been what the paused transfer waits for.
            resumeIfCaughtUp()
        case .startDelivery(let queue, let chunk):
            queue.async { self.deliverHeld(on: queue, to: chunk) }
        }
    }

    /// The next element, or the end once nothing is left; nil while the body is still coming.
    private static func take(_ state: inout State) -> Result<Data?, any Error>? {
        if let batch = state.popElement() {
            state.held -= batch.count
            return .success(batch)
        }
        return state.end.map { end in end.map { nil } }
    }

    /// The most bytes one delivery job hands over, while the body is still coming, before it makes way for whatever
    /// else the push queue has: a long body never holds a shared queue for itself.
    static let deliveryShare = 4 << 20

    /// The delivery job, on the push queue: the batches held, in order, as they keep coming, until none is left. While
    /// the body is still coming, it makes way for the queue's other work after ``deliveryShare`` bytes and goes on as
    /// another job behind it; once the body has ended, it delivers what is left (a sink's worth at most) itself,
    /// because what the end queued behind it (`responseStream`'s completion) must come after the last chunk.
    private func deliverHeld(on queue: DispatchQueue, to deliver: @escaping @Sendable (Data) -> Void) {
        var delivered = 0
        while let chunk = state.withLock({ state -> Data? in
            if state.isEmpty {
                state.delivering = false
                Self.letGoOfConsumerAtEnd(&state)
                return nil
            }
            if delivered >= Self.deliveryShare, state.end == nil {
                // Queued under the lock, so that an end that comes after this queues its
                // completion behind the next job; `delivering` stays set for that job.
                queue.async { self.deliverHeld(on: queue, to: deliver) }
                return nil
            }
            return state.popElement()
        }) {
            deliver(chunk)
            delivered += chunk.count
            // Its bytes count until the consumer has handled them.
            let caughtUp = state.withLock { state in
                state.held -= chunk.count
                return state.paused && state.held < Self.lowWater
            }
            if caughtUp { wake() }
        }
    }

    /// Lets go of the push consumer once the end has come and nothing is left for it: a closure
    /// that holds its request (or this sink) would otherwise keep both alive for good.
    private static func letGoOfConsumerAtEnd(_ state: inout State) {
        if state.end != nil, state.isEmpty, !state.delivering {
            state.push = nil
        }
    }

    private func resumeIfCaughtUp() {
        if state.withLock({ $0.paused && $0.held < Self.lowWater }) { wake() }
    }
}
