#include <cstdint>

// Naive triple loop accumulating in double: slow and obviously right.
void matmul_ref(int64_t m, int64_t n, int64_t k, const ABT_DTYPE* a, const ABT_DTYPE* b, ABT_DTYPE* c) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0;
      for (int64_t kk = 0; kk < k; ++kk) sum += double(a[i * k + kk]) * double(b[kk * n + j]);
      c[i * n + j] = static_cast<ABT_DTYPE>(sum);
    }
}
