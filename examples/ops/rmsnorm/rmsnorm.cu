// One block of BLOCK threads per row: sum of squares in float, then the scaled write.
#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

__device__ float block_sum(float value, float* scratch) {
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_xor_sync(0xffffffffu, value, offset);
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) scratch[warp] = value;
  __syncthreads();
  value = lane < BLOCK / 32 ? scratch[lane] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_xor_sync(0xffffffffu, value, offset);
  return value;
}

extern "C" __global__ void __launch_bounds__(BLOCK) rmsnorm(long long m, long long n, float eps, const T* __restrict__ x,
                                                            const T* __restrict__ w, T* __restrict__ y) {
  __shared__ float scratch[32];
  const T* row = x + blockIdx.x * n;
  float squares = 0.0f;
  for (long long i = threadIdx.x; i < n; i += BLOCK) {
    float v = to_float(row[i]);
    squares += v * v;
  }
  const float scale = rsqrtf(block_sum(squares, scratch) / float(n) + eps);
  for (long long i = threadIdx.x; i < n; i += BLOCK) y[blockIdx.x * n + i] = from_float<T>(to_float(row[i]) * scale * to_float(w[i]));
}
