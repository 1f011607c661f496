#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ``StreamSink``'s batch being filled: a buffer of ``StreamSink/batchSize`` bytes and the bytes written at its
/// start, which the consumer takes as one `Data` that owns the buffer.
///
/// `@unchecked Sendable` is sound because a batch lives only in its sink's state, which only the sink's lock reaches;
/// its buffer is its alone until `seal` hands it to a `Data` or `release` hands it back.
struct StreamBatch: @unchecked Sendable {
    /// Where the buffers come from and go back to.
    let buffers: BatchBuffers
    /// `capacity` bytes, the first `count` of them written; nil before the first chunk, and after the buffer went to a
    /// `Data` or back to `buffers`.
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    init(buffers: BatchBuffers) {
        self.buffers = buffers
    }

    /// Whether `length` more bytes go in.
    func fits(_ length: Int) -> Bool {
        buffer != nil && count + length <= capacity
    }

    /// Copies the chunk in after what is there: the caller seals a batch the chunk does not fit first.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if !fits(chunk.count) {
            precondition(count == 0, "a chunk appended to a batch it does not fit")
            release()
            capacity = max(StreamSink.batchSize, chunk.count)
            buffer = buffers.take(capacity)
        }
        guard let buffer, let source = chunk.baseAddress else { return }
        // `buffer + count` has `capacity - count` bytes free, at least `chunk.count` (checked above); `source` is
        // libcurl's, valid during the write callback this runs in.
        (buffer + count).copyMemory(from: source, byteCount: chunk.count)
        count += chunk.count
    }

    /// What is written, as one `Data`, the batch left empty. A batch under ``StreamSink/copyBelow`` is copied out, and
    /// with `keepingBuffer` its buffer kept for the next chunks; a fuller one becomes the `Data`'s own, with no copy.
    mutating func seal(keepingBuffer: Bool) -> Data {
        guard let full = buffer, count > 0 else { return Data() }
        defer { count = 0 }
        if count < StreamSink.copyBelow {
            let data = Data(bytes: full, count: count)
            if !keepingBuffer { release() }
            return data
        }
        buffer = nil
        let buffers = self.buffers
        let size = capacity
        capacity = 0
        // From now on the Data's: it hands the buffer back when the last copy of it goes.
        return Data(bytesNoCopy: full, count: count, deallocator: .custom { full, _ in buffers.giveBack(full, size: size) })
    }

    /// Hands the buffer back, leaving the batch empty.
    mutating func release() {
        if let buffer { buffers.giveBack(buffer, size: capacity) }
        buffer = nil
        capacity = 0
        count = 0
    }
}

/// The buffers of one sink's batches, from `malloc`: a `Data` its consumer lets go of hands its buffer back, and the
/// write callback fills it again. A fresh megabyte for each batch instead costs a page fault every 4 KB of the body,
/// and a buffer trimmed to its bytes with `realloc` fragments glibc's heap: the engine's small allocations take what
/// the trim frees, and the next batch no longer fits there once the `Data` frees the rest.
///
/// `@unchecked Sendable` is sound because the spare buffers are reached only through the lock, and a buffer is in one
/// place at a time: spare here, a batch's, or a `Data`'s.
final class BatchBuffers: @unchecked Sendable {
    /// The spare buffers kept: beyond these, one handed back is freed (a consumer that keeps its elements).
    static let maxSpare = 2

    private struct Spare {
        var buffers: [UnsafeMutableRawPointer] = []
        /// The body has ended: no batch is filled any more, and every buffer handed back is freed.
        var closed = false
    }

    private let spare = LockedValue(Spare())

    deinit {
        spare.withLock { $0.buffers.forEach { free($0) } }
    }

    /// A buffer of `size` bytes: a spare one if `size` is a batch's.
    func take(_ size: Int) -> UnsafeMutableRawPointer {
        if size == StreamSink.batchSize, let reused = spare.withLock({ $0.buffers.popLast() }) {
            return reused
        }
        // Fails only without memory, as Data's own allocation would.
        guard let allocated = malloc(size) else { fatalError("CurlHTTP: no memory for a stream's batch of \(size) bytes") }
        return allocated
    }

    /// Takes back a buffer from `take(size)`: kept as a spare, or freed.
    func giveBack(_ buffer: UnsafeMutableRawPointer, size: Int) {
        let kept = spare.withLock { spare in
            guard size == StreamSink.batchSize, !spare.closed, spare.buffers.count < Self.maxSpare else { return false }
            spare.buffers.append(buffer)
            return true
        }
        if !kept { free(buffer) }
    }

    /// Frees the spare buffers, and from now on every buffer handed back.
    func close() {
        let buffers = spare.withLock { spare in
            spare.closed = true
            defer { spare.buffers = [] }
            return spare.buffers
        }
        buffers.forEach { free($0) }
    }
}
