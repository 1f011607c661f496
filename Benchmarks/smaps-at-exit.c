/* Loaded with LD_PRELOAD by Benchmarks/startup-parts.sh: when the process exits, copies its
 * /proc/self/smaps to the file $SMAPS_OUT, so that the resident pages of a run too short to
 * inspect from outside (a cache hit, --version) can be split by mapping. Its destructor runs
 * after main returns, while every mapping of the run is still there. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((destructor)) static void copy_smaps(void) {
    const char *out = getenv("SMAPS_OUT");
    if (!out) return;
    int from = open("/proc/self/smaps", O_RDONLY);
    int to = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char buffer[65536];
    ssize_t n;
    while (from >= 0 && to >= 0 && (n = read(from, buffer, sizeof buffer)) > 0) {
        if (write(to, buffer, (size_t)n) != n) break;
    }
    if (from >= 0) close(from);
    if (to >= 0) close(to);
}
