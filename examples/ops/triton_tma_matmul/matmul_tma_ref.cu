// One thread per output element, a sequential float sum over k; A, B and C row-major, as the
// descriptors see them.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
typedef ABT_DTYPE T;

__device__ __forceinline__ float value(__half v) { return __half2float(v); }
__device__ __forceinline__ float value(__nv_bfloat16 v) { return __bfloat162float(v); }

extern "C" __global__ void matmul_tma_ref(const T* a, const T* b, float* c, int M, int N, int K) {
  const long long n = blockIdx.x * (long long)blockDim.x + threadIdx.x, m = blockIdx.y;
  if (n >= N) return;
  float sum = 0.0f;
  for (long long k = 0; k < K; ++k) sum += value(a[m * K + k]) * value(b[k * N + n]);
  c[m * N + n] = sum;
}
