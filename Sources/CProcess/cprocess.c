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
