import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a file descriptor to its end, the one way the package does it: the cache's entries, and the command's
/// config file and standard input.
package enum DescriptorReading {
    /// What `descriptor` reads until its end, retrying after a signal; it stops at a failed read, with its `errno`, or
    /// once it has more than `limit` bytes. The bytes are read straight into the `Data` returned, which grows `chunk`
    /// bytes at a time: a file of known size, read with a chunk one byte larger, takes one buffer and no copy.
    package static func readAll(_ descriptor: Int32, chunk: Int, limit: Int = .max) -> (bytes: Data, failure: Int32?) {
        let chunk = max(chunk, 1)
        var bytes = Data(count: chunk)
        var filled = 0
        while filled <= limit {
            if filled == bytes.count { bytes.count += chunk }
            let (count, error) = bytes.withUnsafeMutableBytes { buffer in
                // The buffer is the Data's own storage, longer than `filled` (it grew above when it was full), so its
                // base address exists; the read starts `filled` bytes into it and asks for no more than the rest.
                let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                return (count, count < 0 ? errno : 0)
            }
            if count < 0 {
                if error == EINTR { continue }
                bytes.count = filled
                return (bytes, error)
            }
            guard count > 0 else { break }
            filled += count
        }
        bytes.count = filled
        return (bytes, nil)
    }
}
