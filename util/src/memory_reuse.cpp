#include "util/memory_reuse.h"

#include <cstdlib>  // defines __GLIBC__ with glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace abt {

void keep_freed_memory() {
#if defined(__GLIBC__)
  constexpr int kMiB = 1 << 20;
  mallopt(M_MMAP_THRESHOLD, 32 * kMiB);    // blocks below this (glibc's most) come from the heaps ...
  mallopt(M_TRIM_THRESHOLD, 1024 * kMiB);  // ... which keep up to this much free at their top
#endif
}

}  // namespace abt
