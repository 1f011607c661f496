/// A compiled-in table kept as its text: a row a line, its fields separated by tabs, the lines in
/// ascending order of their first field's UTF-8 bytes (the municipalities, `municipalities.tsv`).
///
/// A table of thousands of rows would cost the compiler gigabytes as an array literal, and a
/// run the work of making every row; as one string literal it costs neither. It is searched in
/// place by bisection over its bytes, as `look(1)` searches a sorted file: a lookup reads a few
/// lines and makes values of the rows it finds only.
struct TextTable: Sendable {
    /// The rows, each ended by a line feed.
    let text: String

    /// The rows whose first field is `key`, each as its fields, in the table's order.
    func rows(where key: String) -> [[String]] {
        let key = Array(key.utf8)
        return text.utf8.withContiguousStorageIfAvailable { rows(where: key, in: $0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { rows(where: key, in: $0) }
    }

    /// Every row, each as its fields, in the table's order.
    var allRows: [[String]] {
        text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    private func rows(where key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> [[String]] {
        // Every line that starts before `low` has a first field below the key; every line that
        // starts at or after `high`, one at or above it.
        var low = 0
        var high = bytes.count
        while low < high {
            let start = lineStart(containing: low + (high - low) / 2, in: bytes)
            if compare(fieldAt: start, in: bytes, with: key) < 0 {
                low = lineEnd(from: start, in: bytes) + 1
            } else {
                high = start
            }
        }
        var found: [[String]] = []
        var start = low
        while start < bytes.count, compare(fieldAt: start, in: bytes, with: key) == 0 {
            let end = lineEnd(from: start, in: bytes)
            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            found.append(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
            start = end + 1
        }
        return found
    }

    /// The offset of the first byte of the line that holds `offset`.
    private func lineStart(containing offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset of the line feed that ends the line starting at `start` (the end of the text without one).
    private func lineEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// The order of the first field of the line at `start` and `key`, byte by byte: negative, 0 or positive.
    private func compare(fieldAt start: Int, in bytes: UnsafeBufferPointer<UInt8>, with key: [UInt8]) -> Int {
        var offset = start
        for byte in key {
            guard offset < bytes.count, bytes[offset] != UInt8(ascii: "\t"), bytes[offset] != UInt8(ascii: "\n") else { return -1 }
            if bytes[offset] != byte { return Int(bytes[offset]) - Int(byte) }
            offset += 1
        }
        let ended = offset >= bytes.count || bytes[offset] == UInt8(ascii: "\t") || bytes[offset] == UInt8(ascii: "\n")
        return ended ? 0 : 1
    }
}
