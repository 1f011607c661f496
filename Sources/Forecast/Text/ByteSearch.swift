#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finding a short run of bytes in a body, on the paths every run takes.
///
/// `firstRange(of:)` on `Data` is _StringProcessing's generic search, whose code sits in a part of the static image
/// that nothing else on those paths touches: calling it would bring that code into memory at every run.
enum ByteSearch {
    /// The first range of `needle` in `bytes`, in `bytes`' indices; nil if absent or empty.
    static func firstRange(of needle: some StringProtocol, in bytes: Data) -> Range<Data.Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var start = bytes.startIndex
        let lastStart = bytes.endIndex - pattern.count
        while start <= lastStart {
            guard let candidate = bytes[start...lastStart].firstIndex(of: first) else { return nil }
            let end = candidate + pattern.count
            if bytes[candidate..<end].elementsEqual(pattern) { return candidate..<end }
            start = candidate + 1
        }
        return nil
    }
}
