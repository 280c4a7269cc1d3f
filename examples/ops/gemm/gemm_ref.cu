// One thread per output element, a sequential float sum over k.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
typedef ABT_DTYPE T;

__device__ __forceinline__ float value(__half v) { return __half2float(v); }
__device__ __forceinline__ float value(__nv_bfloat16 v) { return __bfloat162float(v); }

extern "C" __global__ void gemm_ref(long long M, long long N, long long K, const T* A, const T* B, float* C) {
  const long long n = blockIdx.x * (long long)blockDim.x + threadIdx.x, m = blockIdx.y;
  if (n >= N) return;
  float sum = 0.0f;
  for (long long k = 0; k < K; ++k) sum += value(A[m * K + k]) * value(B[k * N + n]);
  C[m * N + n] = sum;
}
