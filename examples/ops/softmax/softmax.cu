// One block of BLOCK threads per row: a max pass, a sum-of-exp pass, a write pass, float math.
#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

template <bool kMax>
__device__ float block_reduce(float value, float* scratch) {
  for (int offset = 16; offset > 0; offset /= 2) {
    float other = __shfl_xor_sync(0xffffffffu, value, offset);
    value = kMax ? fmaxf(value, other) : value + other;
  }
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) scratch[warp] = value;
  __syncthreads();
  value = lane < BLOCK / 32 ? scratch[lane] : (kMax ? ABT_NEG_INF : 0.0f);
  for (int offset = 16; offset > 0; offset /= 2) {
    float other = __shfl_xor_sync(0xffffffffu, value, offset);
    value = kMax ? fmaxf(value, other) : value + other;
  }
  __syncthreads();  // scratch is reused by the next reduction
  return value;
}

extern "C" __global__ void __launch_bounds__(BLOCK) softmax(long long m, long long n, const T* __restrict__ x,
                                                            T* __restrict__ y) {
  __shared__ float scratch[32];
  const T* row = x + blockIdx.x * n;
  T* out = y + blockIdx.x * n;
  float row_max = ABT_NEG_INF;
  for (long long i = threadIdx.x; i < n; i += BLOCK) row_max = fmaxf(row_max, to_float(row[i]));
  row_max = block_reduce<true>(row_max, scratch);
  float sum = 0.0f;
  for (long long i = threadIdx.x; i < n; i += BLOCK) sum += __expf(to_float(row[i]) - row_max);
  sum = block_reduce<false>(sum, scratch);
  const float scale = 1.0f / sum;
  for (long long i = threadIdx.x; i < n; i += BLOCK) out[i] = from_float<T>(__expf(to_float(row[i]) - row_max) * scale);
}
