#if canImport(Glibc)
import Glibc
#endif

/// Whether this test runner (and so the `forecast` binary built with it) runs under a
/// sanitizer, found by the runtime's entry point among the process's exported symbols.
///
/// Waits are longer under one (``eventually``), and timing bounds wider: both slow everything
/// down, ThreadSanitizer by several times, and ThreadSanitizer holds
/// an asynchronous signal back until the thread it landed on next enters an intercepted call.
/// Ctrl-C then waits for the session thread's `curl_multi_poll`, which wakes at least once a
/// second.
public enum Sanitizer {
    public static let isActive: Bool = {
        // dlopen(nil) is the main program; the handle is never closed (it stays valid for the
        // life of the process), and dlsym only looks a name up.
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(program, "__tsan_init") != nil || dlsym(program, "__asan_init") != nil
    }()
}
