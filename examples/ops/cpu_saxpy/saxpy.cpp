// y = a * x + y. UNROLL is the manual unroll factor of the main loop.
#include <cstdint>

#ifndef UNROLL
#define UNROLL 1
#endif

void saxpy(int64_t n, ABT_DTYPE a, const ABT_DTYPE* x, ABT_DTYPE* y) {
  int64_t i = 0;
  for (; i + UNROLL <= n; i += UNROLL) {
#pragma GCC unroll 8
    for (int u = 0; u < UNROLL; ++u) y[i + u] = a * x[i + u] + y[i + u];
  }
  for (; i < n; ++i) y[i] = a * x[i] + y[i];
}
