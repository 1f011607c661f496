#ifndef CPROCESS_H
#define CPROCESS_H

/*
 * What belongs to the whole process, for the command alone: a library never changes its host
 * process, so only ForecastCLI depends on this target. Settings of the C library that Swift's
 * Glibc module does not declare, for ProcessWide; and, declared nowhere since only the linker
 * needs them, the process's arguments for Swift's CommandLine (see cprocess.c).
 */

/* Limits glibc's malloc to `count` arenas: mallopt(M_ARENA_MAX, count), from <malloc.h>,
   which the Glibc module leaves out. Call it first in main, while the process has one thread:
   mallopt is not safe beside threads that allocate, and arenas made before it stay. Returns
   mallopt's answer, 1 on success and 0 on refusal; 0 with a C library that has no such
   setting. */
int cprocess_malloc_arena_max(int count);

#endif
