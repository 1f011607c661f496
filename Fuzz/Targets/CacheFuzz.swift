internal import JapanTime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A cache folder of its own for this fuzzing process, and the cache that reads it.
private enum CacheFuzzState {
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("forecast-cache-fuzz-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path + "/h", withIntermediateDirectories: true)
        return path
    }()
    /// 2022-05-19 05:30 JST: half an hour after the 130010 fixture's release, so a seed entry
    /// fetched shortly before is fresh and its body reaches the decoder.
    static let now = JST.parseInstant("2022-05-19T05:30:00+09:00")!
    static let cache = ForecastCache(directory: directory, now: { now })
    static let file = cache.path(host: "h", key: "130010")
}

/// The fuzz target for the cache reader: the input is a whole cache file (header line and
/// body). It is written where the cache looks, read back through `ForecastCache.read`, and a
/// body the cache serves is decoded, as the client does with a hit.
func cacheFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // A plain write, not FileManager.createFile: that one calls fsync, which would make each
    // input cost milliseconds of disk I/O. libFuzzer owns `bytes` for the duration of this
    // call and passes a valid pointer for `count` bytes (nil only when count is 0); write(2)
    // only reads them, and the pointer is not kept.
    let fd = open(CacheFuzzState.file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { fatalError("cannot write \(CacheFuzzState.file): errno \(errno)") }
    let written = count == 0 ? 0 : write(fd, bytes, count)
    close(fd)
    guard written == count else { fatalError("short write to \(CacheFuzzState.file)") }
    if let body = CacheFuzzState.cache.read(host: "h", key: "130010") {
        _ = try? ResponseDecoder.decode(body)
    }
    return 0
}
