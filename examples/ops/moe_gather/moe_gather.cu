// route_rows (the prologue): lists the rows with a positive gate and zeroes the others' output.
// moe_gather: one block per listed row. The list's order depends on atomics; the output does not.
#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

extern "C" __global__ void route_rows(long long m, long long n, float scale, const float* __restrict__ gate,
                                      const T* __restrict__ x, T* __restrict__ y, int* __restrict__ rows,
                                      int* __restrict__ count) {
  const long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (r >= m) return;
  if (gate[r] > 0.0f) {
    rows[atomicAdd(count, 1)] = int(r);
  } else {
    for (long long i = 0; i < n; ++i) y[r * n + i] = from_float<T>(0.0f);
  }
}

extern "C" __global__ void __launch_bounds__(BLOCK) moe_gather(long long m, long long n, float scale,
                                                               const float* __restrict__ gate, const T* __restrict__ x,
                                                               T* __restrict__ y, const int* __restrict__ rows,
                                                               const int* __restrict__ count) {
  const long long r = rows[blockIdx.x];
  for (long long i = threadIdx.x; i < n; i += BLOCK) y[r * n + i] = from_float<T>(to_float(x[r * n + i]) * scale);
}
