import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A loopback listener that takes one connection, reads `threshold` bytes of it, runs
/// `atThreshold` on its own thread while it reads nothing more, then reads the request to the end
/// its `Content-Length` gives and answers `200 OK`.
///
/// What an upload test changes in `atThreshold` (a file cut or grown) is changed while the
/// upload is held part-way: the sender's socket is full, and libcurl has read no more of the file
/// than the receiver and the sockets hold. The test's own task takes no part in it, so however
/// long the test waits for its turn on a busy machine, the change comes at the same point of the
/// upload. An upload that misses the change is answered, and succeeds.
final class PausingReceiver: Sendable {
    let port: Int
    private let listener: Int32

    init(threshold: Int, atThreshold: @escaping @Sendable () -> Void) throws {
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
        Thread { [self] in receive(threshold: threshold, atThreshold: atThreshold) }.start()
    }

    deinit {
        close(listener)
    }

    private func receive(threshold: Int, atThreshold: @Sendable () -> Void) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var received: [UInt8] = []
        var total = 0
        // The whole request's size, once its head has been read.
        var expected: Int?
        var paused = false
        while expected.map({ total < $0 }) ?? true {
            // recv writes at most `buffer.count` bytes into the array's own storage.
            let wanted = total < threshold ? min(buffer.count, threshold - total) : buffer.count
            let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, wanted, 0) }
            guard got > 0 else { return }
            total += got
            if expected == nil {
                received += buffer[..<got]
                expected = Self.requestSize(received)
            }
            if total >= threshold, !paused {
                paused = true
                atThreshold()
            }
        }
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        _ = answer.withCString { send(connection, $0, strlen($0), 0) }
    }

    /// The size of the head and body of a request whose first bytes are `bytes`, once its head
    /// is all there: nil before.
    private static func requestSize(_ bytes: [UInt8]) -> Int? {
        let end = Array("\r\n\r\n".utf8)
        guard let index = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual(end) }) else { return nil }
        let head = String(decoding: bytes[..<index], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        return index + 4 + (length ?? 0)
    }
}
