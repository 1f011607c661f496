import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a streamed body goes (``DataStreamRequest``): bytes held until their consumer takes them, never more than
/// ``highWater``. When it is full, the write callback pauses the transfer (`CURL_WRITEFUNC_PAUSE`: libcurl keeps
/// the chunk and hands it over again later) and the session's other transfers go on; once the consumer has taken the
/// held bytes down to ``lowWater``, it wakes the session's thread, which resumes the transfer (`curl_easy_pause`, from
/// that thread, as libcurl requires).
///
/// The write callback copies each of libcurl's chunks (16 KB at most) into the open batch, a buffer of ``batchSize``
/// bytes. A batch is sealed when the next chunk does not fit, and goes at once to a consumer waiting for one, which
/// works through it while the next one fills; the consumer takes it whole, as one `Data` that owns the buffer (no
/// second copy). An element of the body is thus a batch, a megabyte when the body comes fast, not a chunk.
///
/// A batch that fills slowly is sealed by the engine after its `curl_multi_perform` once its first chunk has waited
/// ``maxFlushDelay`` (or when the transfer pauses, or at the end), so that a body that trickles reaches its consumer a
/// millisecond late at most. `responseStream` has one delivery job on its queue at a time, which delivers the batches
/// sealed when it runs.
final class StreamSink: Sendable {
    /// The bytes held before the transfer is paused. A sink holds at most ``maxChunk`` over ``highWater``.
    static let highWater = 2 << 20
    /// The bytes held at or below which a paused transfer goes on: once its consumer has taken a batch, so that the
    /// transfer fills the next while the consumer works through the one it took.
    static let lowWater = highWater - batchSize
    /// The most libcurl hands the write callback at once (`CURL_MAX_WRITE_SIZE`, whatever its buffer's size).
    static let maxChunk = 16 << 10
    /// How long the first chunk of a batch may wait for the batch to fill before the batch is sealed anyway. The
    /// engine's poll waits no longer than this while a sink's open batch holds chunks.
    static let maxFlushDelay = Duration.milliseconds(1)
    /// The bytes of one batch: what one element of the body holds at most (or one chunk, were a chunk larger).
    static let batchSize = 1 << 20
    /// A batch sealed with fewer bytes than this is copied out, its buffer kept for the next chunks: an element's
    /// `Data` never has more than twice its bytes allocated, whatever a consumer that keeps them does.
    static let copyBelow = batchSize / 2

    private struct State {
        /// Batches sealed, oldest first, each the consumer's next element in turn.
        var sealed: [Data] = []
        /// The batch the write callback fills, after the sealed ones; the consumer never takes it.
        var open: StreamBatch
        /// The bytes held, sealed and open; for `responseStream`, until delivered.
        var held = 0
        /// The most bytes ever held at once (for the tests).
        var peakHeld = 0
        /// The write callback refused a chunk: the transfer is paused until the consumer catches up.
        var paused = false
        /// The engine has this sink in its list of sinks to flush: from the first chunk of an open batch until a
        /// flush finds the open batch empty or seals it.
        var listed = false
        /// The end: nil while the body arrives, then the request's outcome.
        var end: Result<Void, any Error>?
        /// A consumer waiting for the next element or the end.
        var waiter: CheckedContinuation<Data?, any Error>?
        /// For `responseStream`: where batches are delivered, instead of being taken.
        var push: (queue: DispatchQueue, chunk: @Sendable (Data) -> Void)?
        /// A delivery job is on the push queue, and will deliver what is sealed when it runs.
        var delivering = false

        /// Seals the open batch, if it holds anything, behind the sealed ones.
        mutating func sealOpen() {
            guard open.count > 0 else { return }
            // Once the body has ended, no chunk comes to fill a buffer kept.
            sealed.append(open.seal(keepingBuffer: end == nil))
        }
    }

    /// What the write callback's chunk came to.
    enum Offer {
        /// The sink is full: pause the transfer; the chunk comes again later. It was not copied.
        case refused
        /// Held. `newBatch`: the chunk began the open batch, whose wait to be sealed starts now; `first`: the sink goes
        /// on the engine's list of sinks to flush.
        case held(newBatch: Bool, first: Bool)
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

    /// From the write callback, on the session's thread: copies the chunk into the open batch (sealing it first, and
    /// handing it to a waiting consumer, if the chunk does not fit), or refuses it if the sink is full.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        let (offer, action) = state.withLock { state -> (Offer, HandOver) in
            // A request already ended (cancelled from another thread during this perform): its consumer has been told
            // of the end, and hears of nothing after it. An empty chunk (none is expected) adds nothing to tell.
            guard state.end == nil, !bytes.isEmpty else { return (.held(newBatch: false, first: false), .none) }
            guard state.held < Self.highWater else {
                state.paused = true
                return (.refused, .none)
            }
            var action = HandOver.none
            if state.open.count > 0, !state.open.fits(bytes.count) {
                state.sealOpen()
                // A whole batch goes to a consumer waiting now, not after the perform: it works through the batch
                // while the next one fills, rather than the perform filling the sink while it waits.
                action = Self.handOver(&state)
            }
            let newBatch = state.open.count == 0
            let first = newBatch && !state.listed
            if first { state.listed = true }
            state.open.append(bytes)
            state.held += bytes.count
            state.peakHeld = max(state.peakHeld, state.held)
            return (.held(newBatch: newBatch, first: first), action)
        }
        perform(action)
        return offer
    }

    /// After the session's `curl_multi_perform`: seals the open batch if its first chunk has waited long enough
    /// (`due`) or the transfer is paused (the consumer must take it before the transfer can go on), and tells the
    /// consumer. Returns whether the sink is done with until its next batch begins: nothing open, or ended.
    func flush(due: Bool) -> Bool {
        let action = state.withLock { state -> HandOver? in
            if state.end == nil, state.open.count > 0 {
                guard due || state.paused else { return nil }
                state.sealOpen()
            }
            state.listed = false
            return state.end == nil ? Self.handOver(&state) : HandOver.none
        }
        guard let action else { return false }
        perform(action)
        return true
    }

    /// Whether a paused transfer may go on, the consumer having taken enough; true clears the
    /// pause. The session's thread asks it each turn for its paused transfers.
    func takeResume() -> Bool {
        state.withLock { state in
            guard state.paused, state.held <= Self.lowWater else { return false }
            state.paused = false
            return true
        }
    }

    /// The request's end, once every chunk it had was offered. A consumer is told of the bytes still
    /// held first (the open batch sealed), then of the end once it has taken them.
    func finish(_ end: Result<Void, any Error>) {
        let action = state.withLock { state -> HandOver in
            guard state.end == nil else { return .none }
            state.end = end
            state.sealOpen()
            state.open.release()
            // No chunk comes after the end: buffers handed back from now on are freed.
            state.open.buffers.close()
            let action = Self.handOver(&state)
            Self.letGoOfConsumerAtEnd(&state)
            return action
        }
        perform(action)
    }

    /// The next element (a sealed batch), waiting for it; nil at the end of the body; throws what failed it.
    func next() async throws -> Data? {
        // A batch or the end already there is taken without suspending.
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
            guard !state.delivering, !state.sealed.isEmpty else { return .none }
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

    /// The next sealed batch, or the end once nothing is left; nil while the body is still coming.
    private static func take(_ state: inout State) -> Result<Data?, any Error>? {
        if !state.sealed.isEmpty {
            let batch = state.sealed.removeFirst()
            state.held -= batch.count
            return .success(batch)
        }
        return state.end.map { end in end.map { nil } }
    }

    /// The most bytes one delivery job hands over, while the body is still coming, before it makes way for whatever
    /// else the push queue has: a long body never holds a shared queue for itself.
    static let deliveryShare = 4 << 20

    /// The delivery job, on the push queue: the sealed batches, in order, as they keep coming, until none is left. While
    /// the body is still coming, it makes way for the queue's other work after ``deliveryShare`` bytes and goes on as
    /// another job behind it; once the body has ended, it delivers what is left (a sink's worth at most) itself,
    /// because what the end queued behind it (`responseStream`'s completion) must come after the last chunk.
    private func deliverHeld(on queue: DispatchQueue, to deliver: @escaping @Sendable (Data) -> Void) {
        var delivered = 0
        while let chunk = state.withLock({ state -> Data? in
            if state.sealed.isEmpty {
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
            return state.sealed.removeFirst()
        }) {
            deliver(chunk)
            delivered += chunk.count
            // Its bytes count until the consumer has handled them.
            let caughtUp = state.withLock { state in
                state.held -= chunk.count
                return state.paused && state.held <= Self.lowWater
            }
            if caughtUp { wake() }
        }
    }

    /// Lets go of the push consumer once the end has come and nothing is left for it: a closure
    /// that holds its request (or this sink) would otherwise keep both alive for good.
    private static func letGoOfConsumerAtEnd(_ state: inout State) {
        if state.end != nil, state.sealed.isEmpty, !state.delivering {
            state.push = nil
        }
    }

    private func resumeIfCaughtUp() {
        if state.withLock({ $0.paused && $0.held <= Self.lowWater }) { wake() }
    }
}
