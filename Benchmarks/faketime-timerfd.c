// A preload for Benchmarks/status-bars.sh, loaded before libfaketime, that makes timerfd timers
// follow libfaketime's sped-up clock.
//
// libdispatch (under Task.sleep and asyncAfter) arms a timerfd with an absolute deadline on the
// monotonic clock. libfaketime 0.9.10 wraps timerfd_settime as if every timer ran on the real-time
// clock, whatever FAKETIME_DONT_FAKE_MONOTONIC says (libfaketime issue 378), so under faketime
// such a timer never fires and a sleeping Swift task sleeps forever. Here the deadline is turned
// into what is left of it on the faked clock, divided by the speed-up, and armed as a relative
// timer with the system call itself, past libfaketime.
//
// Build: cc -shared -fPIC -O2 -o faketime-timerfd.so faketime-timerfd.c -ldl
// Use:   LD_PRELOAD=./faketime-timerfd.so faketime -f '+0 x360' command
// (the faketime wrapper appends its library after what LD_PRELOAD names).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

// The clock each timerfd was made on, by descriptor (timerfd_settime does not say).
#define TRACKED 4096
static clockid_t clocks[TRACKED];
static pthread_mutex_t clocks_lock = PTHREAD_MUTEX_INITIALIZER;

int timerfd_create(int clockid, int flags) {
    int fd = (int)syscall(SYS_timerfd_create, clockid, flags);
    if (fd >= 0 && fd < TRACKED) {
        pthread_mutex_lock(&clocks_lock);
        clocks[fd] = clockid;
        pthread_mutex_unlock(&clocks_lock);
    }
    return fd;
}

// The speed-up in FAKETIME ("x360" anywhere in it), 1 if none.
static double speed(void) {
    const char *spec = getenv("FAKETIME");
    const char *x = spec ? strchr(spec, 'x') : NULL;
    double value = x ? atof(x + 1) : 1.0;
    return value > 0 ? value : 1.0;
}

static long long nanoseconds(struct timespec t) {
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static struct timespec timespec_of(long long ns) {
    struct timespec t = {ns / 1000000000LL, ns % 1000000000LL};
    return t;
}

int timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
    long long due = nanoseconds(value->it_value);
    if (due == 0) {
        // Disarming: nothing to convert.
        return (int)syscall(SYS_timerfd_settime, fd, flags, value, old);
    }
    if (flags & TFD_TIMER_ABSTIME) {
        clockid_t clock = CLOCK_MONOTONIC;
        if (fd >= 0 && fd < TRACKED) {
            pthread_mutex_lock(&clocks_lock);
            clock = clocks[fd];
            pthread_mutex_unlock(&clocks_lock);
        }
        struct timespec now;
        clock_gettime(clock, &now);  // libfaketime's: the faked clock the deadline was taken on
        due -= nanoseconds(now);
    }
    double factor = speed();
    long long real = (long long)((double)due / factor);
    struct itimerspec relative;
    relative.it_value = timespec_of(real > 0 ? real : 1);  // past due: fire at once, not disarm
    relative.it_interval = timespec_of((long long)((double)nanoseconds(value->it_interval) / factor));
    return (int)syscall(SYS_timerfd_settime, fd, flags & ~TFD_TIMER_ABSTIME, &relative, old);
}
