// Row-wise softmax. VEC partial accumulators per reduction; ONLINE fuses max and sum in one pass.
#include <cmath>
#include <cstdint>

#ifndef VEC
#define VEC 1
#endif
#ifndef ONLINE
#define ONLINE 0
#endif

using T = ABT_DTYPE;

static void softmax_row(int64_t n, const T* x, T* y) {
  T max_lane[VEC], sum_lane[VEC];
  for (int v = 0; v < VEC; ++v) { max_lane[v] = -INFINITY; sum_lane[v] = 0; }
  int64_t tail = n - n % VEC;
#if ONLINE
  for (int64_t j = 0; j < tail; j += VEC)
    for (int v = 0; v < VEC; ++v) {
      T value = x[j + v];
      if (value > max_lane[v]) { sum_lane[v] = sum_lane[v] * std::exp(max_lane[v] - value); max_lane[v] = value; }
      sum_lane[v] += std::exp(value - max_lane[v]);
    }
  T row_max = -INFINITY;
  for (int v = 0; v < VEC; ++v) row_max = max_lane[v] > row_max ? max_lane[v] : row_max;
  for (int64_t j = tail; j < n; ++j) row_max = x[j] > row_max ? x[j] : row_max;
  T sum = 0;
  for (int v = 0; v < VEC; ++v) sum += sum_lane[v] * std::exp(max_lane[v] - row_max);
  for (int64_t j = tail; j < n; ++j) sum += std::exp(x[j] - row_max);
#else
  for (int64_t j = 0; j < tail; j += VEC)
    for (int v = 0; v < VEC; ++v) max_lane[v] = x[j + v] > max_lane[v] ? x[j + v] : max_lane[v];
  T row_max = -INFINITY;
  for (int v = 0; v < VEC; ++v) row_max = max_lane[v] > row_max ? max_lane[v] : row_max;
  for (int64_t j = tail; j < n; ++j) row_max = x[j] > row_max ? x[j] : row_max;
  for (int64_t j = 0; j < tail; j += VEC)
    for (int v = 0; v < VEC; ++v) sum_lane[v] += std::exp(x[j + v] - row_max);
  T sum = 0;
  for (int v = 0; v < VEC; ++v) sum += sum_lane[v];
  for (int64_t j = tail; j < n; ++j) sum += std::exp(x[j] - row_max);
#endif
  T scale = T(1) / sum;
  for (int64_t j = 0; j < n; ++j) y[j] = std::exp(x[j] - row_max) * scale;
}

void softmax_rows(int64_t m, int64_t n, const T* x, T* y) {
  for (int64_t i = 0; i < m; ++i) softmax_row(n, x + i * n, y + i * n);
}
