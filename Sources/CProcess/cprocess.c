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
 * The standard library asks the runtime for argc and argv through one function,
 * _swift_stdlib_getUnsafeArgvArgc, which it declares with @_silgen_name and so calls with Swift's
 * calling convention (hence `swiftcall` below). On Linux the runtime's own definition is fed by a
 * static initialiser that reads /proc/self/maps to find the stack, then walks back from `environ`
 * to argv, at every start (a line of /proc/self/maps at a time, through sscanf), for two values
 * glibc hands to every initialiser of .init_array anyway.
 *
 * With the static standard library (the release build `make` makes), defining the function here
 * keeps the linker from taking the runtime's file for it: an archive member is linked only for a
 * symbol no object defines, so Swift.o's call binds to this definition and CommandLine reads what
 * the initialiser below keeps. The runtime's other entry of that file, which lets a host replace
 * the arguments, is defined too: were the file pulled in after all (a toolchain that renamed the
 * getter), that entry would be defined twice and the link would fail, not pick one silently.
 *
 * With the shared runtime (debug builds, the tests), libswiftCore.so's definition is hidden and
 * bound inside it: its own initialiser answers, and these definitions go unused.
 */

static char **given_argv;
static int given_argc;
static char **override_argv;
static int override_argc;

/* glibc calls each function of the executable's .init_array with (argc, argv, envp), before main
   and before any Swift code; priority 101, the first a program may take, runs it ahead of the
   executable's other initialisers (the shared libraries' run earlier, and none reads CommandLine). */
__attribute__((constructor(101))) static void cprocess_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    given_argc = argc;
    given_argv = argv;
}

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
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

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}
