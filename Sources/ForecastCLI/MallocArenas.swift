#if canImport(Glibc)
import Glibc
#endif

/// How the process's C heap is set up, before a second thread allocates.
enum MallocArenas {
    /// glibc's `M_ARENA_MAX` (`<malloc.h>`: -8, part of its ABI).
    private static let arenaMax: Int32 = -8

    /// One malloc arena for the whole process. glibc gives each thread that allocates an arena
    /// of its own (up to eight per core), each keeping its own free pages; a parallel run
    /// allocates on the session's thread and on the pool threads that decode, and ended with
    /// three arenas of 2.0, 1.0 and 0.8 MB. With one, 142 cities in parallel peak about
    /// 0.9 MB lower (Benchmarks/startup.sh) and take no longer (hyperfine: 321.4 ms against
    /// 321.7). Only the command sets this; the libraries leave the heap to their host. Called
    /// first in `main`, while this is the only thread.
    static func useOne() {
        #if canImport(Glibc)
        // mallopt(3) is declared in <malloc.h>, which Swift's Glibc module does not import, so
        // it is looked up by name in the C library this process already has (dlsym with a
        // NULL handle is RTLD_DEFAULT). Its C type is int mallopt(int, int), which the
        // @convention(c) type below matches exactly; the pointer is called at once and not kept.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
        #endif
    }
}
