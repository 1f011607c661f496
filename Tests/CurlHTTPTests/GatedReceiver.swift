import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A loopback listener that takes one connection, reads `threshold` bytes of it, then reads
/// nothing more until `open()`: an upload to it is held part-way, with the rest of its file
/// unread, for as long as a test needs. It never answers.
///
/// The mock reads an upload as fast as it can, so a test that changes a file while it is sent
/// would race the upload's end; here the sender's socket fills and libcurl stops reading the
/// file at a point the test knows it has not passed.
final class GatedReceiver: Sendable {
    let port: Int
    private let listener: Int32
    private let reached = Mutex(false)
    private let gate = DispatchSemaphore(value: 0)

    init(threshold: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // bind and getsockname read and write one sockaddr_in, no more than `length`, while
        // `address` is pinned by the closure.
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EIO)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        // accept and recv give up after a minute, so that the thread (which holds this object)
        // ends even if no upload ever comes; a connection inherits the timeout.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        _ = setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        Thread { [self] in receive(threshold: threshold) }.start()
    }

    deinit {
        close(listener)
    }

    /// Whether `threshold` bytes have arrived (the request's head counts).
    var hasReachedThreshold: Bool { reached.withLock { $0 } }

    /// Lets the connection be read to its end.
    func open() { gate.signal() }

    private func receive(threshold: Int) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        var held = false
        while true {
            // recv writes at most `buffer.count` bytes into the array's own storage.
            let wanted = total < threshold ? min(buffer.count, threshold - total) : buffer.count
            let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, wanted, 0) }
            guard got > 0 else { return }
            total += got
            if total >= threshold, !held {
                held = true
                reached.withLock { $0 = true }
                // Held for a minute at most, should the test fail before it opens the gate.
                _ = gate.wait(timeout: .now() + 60)
            }
        }
    }
}
