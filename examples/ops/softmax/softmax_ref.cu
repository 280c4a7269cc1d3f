// One thread per row, sequential float math with accurate expf: slow, simple, trusted.
#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

extern "C" __global__ void softmax_ref(long long m, long long n, const T* x, T* y) {
  long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (r >= m) return;
  const T* row = x + r * n;
  float row_max = ABT_NEG_INF;
  for (long long i = 0; i < n; ++i) row_max = fmaxf(row_max, to_float(row[i]));
  double sum = 0.0;
  for (long long i = 0; i < n; ++i) sum += expf(to_float(row[i]) - row_max);
  for (long long i = 0; i < n; ++i) y[r * n + i] = from_float<T>(float(expf(to_float(row[i]) - row_max) / sum));
}
