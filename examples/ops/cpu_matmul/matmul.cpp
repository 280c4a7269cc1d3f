// Cache-tiled C = A * B (row-major). The innermost loop runs over a BLOCK_N-wide row of C and
// B, which compilers vectorise; BLOCK_M x BLOCK_K x BLOCK_N sizes the working set.
#include <algorithm>
#include <cstdint>

#ifndef BLOCK_M
#define BLOCK_M 32
#endif
#ifndef BLOCK_N
#define BLOCK_N 64
#endif
#ifndef BLOCK_K
#define BLOCK_K 64
#endif

using T = ABT_DTYPE;

void matmul_tiled(int64_t m, int64_t n, int64_t k, const T* a, const T* b, T* c) {
  std::fill(c, c + m * n, T(0));
  for (int64_t i0 = 0; i0 < m; i0 += BLOCK_M) {
    const int64_t i1 = std::min<int64_t>(i0 + BLOCK_M, m);
    for (int64_t k0 = 0; k0 < k; k0 += BLOCK_K) {
      const int64_t k1 = std::min<int64_t>(k0 + BLOCK_K, k);
      for (int64_t j0 = 0; j0 < n; j0 += BLOCK_N) {
        const int64_t j1 = std::min<int64_t>(j0 + BLOCK_N, n);
        for (int64_t i = i0; i < i1; ++i) {
          T* __restrict c_row = c + i * n;
          for (int64_t kk = k0; kk < k1; ++kk) {
            const T a_ik = a[i * k + kk];
            const T* __restrict b_row = b + kk * n;
            for (int64_t j = j0; j < j1; ++j) c_row[j] += a_ik * b_row[j];
          }
        }
      }
    }
  }
}
