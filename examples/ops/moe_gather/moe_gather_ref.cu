#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

extern "C" __global__ void moe_gather_ref(long long m, long long n, float scale, const float* gate, const T* x, T* y,
                                          int* rows, int* count) {
  const long long r = blockIdx.x;
  for (long long i = threadIdx.x; i < n; i += blockDim.x)
    y[r * n + i] = gate[r] > 0.0f ? from_float<T>(to_float(x[r * n + i]) * scale) : from_float<T>(0.0f);
}
