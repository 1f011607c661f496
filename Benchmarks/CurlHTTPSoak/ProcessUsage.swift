#if canImport(Glibc)
import Glibc
#endif

/// This process's resident memory and open file descriptors, as Linux's /proc reports them.
struct ProcessUsage: Sendable, CustomStringConvertible {
    /// Resident set size in KiB (`/proc/self/statm`, second field, times the page size).
    let residentKiB: Int
    /// Entries of `/proc/self/fd`, not counting the one that lists them.
    let openFileDescriptors: Int
    /// Those of them that are sockets (their link reads `socket:[inode]`).
    let sockets: Int

    /// The figures now.
    static func current() -> ProcessUsage {
        let (descriptors, sockets) = openFileDescriptors()
        return ProcessUsage(residentKiB: residentKiB(), openFileDescriptors: descriptors, sockets: sockets)
    }

    var description: String {
        "RSS \(residentKiB) KiB, \(openFileDescriptors) fds (\(sockets) sockets)"
    }

    /// Reads statm with read(2): procfs files report size 0, which file-reading helpers that
    /// trust the size handle badly.
    private static func residentKiB() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        // read(2) writes at most `count` bytes into the array's own storage, which stays
        // valid and uniquely ours for the duration of the closure.
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return -1 }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
        return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
    }

    /// All descriptors and the sockets among them; (-1, -1) if /proc cannot be read.
    private static func openFileDescriptors() -> (Int, Int) {
        guard let directory = opendir("/proc/self/fd") else { return (-1, -1) }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var descriptors = 0
        var sockets = 0
        while let entry = readdir(directory) {
            // d_name is a NUL-terminated array inside the dirent that readdir returned, valid
            // until the next readdir on this directory; it is read at once and not kept.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let fd = Int32(name), fd != own else { continue }  // ".", "..", the listing
            descriptors += 1
            if isSocket(fd) { sockets += 1 }
        }
        return (descriptors, sockets)
    }

    private static func isSocket(_ fd: Int32) -> Bool {
        var status = stat()
        return fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}
