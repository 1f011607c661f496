#include "cprocess.h"

#include <malloc.h>

int cprocess_malloc_arena_max(int count) {
#ifdef M_ARENA_MAX
    return mallopt(M_ARENA_MAX, count);
#else
    (void)count;
    return 0;
#endif
}

/*
 * The process's arguments, for Swift's CommandLine.
 *
 * The standard library asks the runtime for argc and argv through one C function,
 * _swift_stdlib_getUnsafeArgvArgc. On Linux the runtime's own definition is fed by a static
 * initialiser that reads /proc/self/maps to find the stack, then walks back from `environ` to
 * argv, at every start (a line of /proc/self/maps at a time, through sscanf), for two values
 * glibc hands to every initialiser of .init_array anyway. Defining the function here
 * keeps the linker from taking the runtime's (an archive member is linked only for a symbol no
 * object defines; with the static standard library, Swift.o's call binds to this one), and
 * CommandLine reads what the initialiser below keeps. With the shared runtime of a debug build
 * the executable's definition is the one bound as well; either way the answer is the same argv.
 * The runtime's other entry of the same file, which lets a host replace the arguments, is
 * defined too, so that nothing can pull that file in beside this one (the link would then fail on
 * the duplicate, not pick one silently).
 */

static char **given_argv;
static int given_argc;
static char **override_argv;
static int override_argc;

/* glibc calls each function of .init_array with (argc, argv, envp), before main and before any
   Swift code; priority 101, the first a program may take, runs it ahead of the other initialisers. */
__attribute__((constructor(101))) static void cprocess_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    given_argc = argc;
    given_argv = argv;
}

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *no_arguments[] = { 0 };
    if (override_argv) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (!given_argv) {
        *outArgLen = 0;
        return no_arguments;
    }
    *outArgLen = given_argc;
    return given_argv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}
