#include <cmath>
#include <cstdint>

// Three passes in double precision: the answer the variants are judged against.
void softmax_ref(int64_t m, int64_t n, const ABT_DTYPE* x, ABT_DTYPE* y) {
  for (int64_t i = 0; i < m; ++i) {
    const ABT_DTYPE* row = x + i * n;
    double row_max = -INFINITY;
    for (int64_t j = 0; j < n; ++j) row_max = std::fmax(row_max, double(row[j]));
    double sum = 0;
    for (int64_t j = 0; j < n; ++j) sum += std::exp(double(row[j]) - row_max);
    for (int64_t j = 0; j < n; ++j) y[i * n + j] = static_cast<ABT_DTYPE>(std::exp(double(row[j]) - row_max) / sum);
  }
}
