// One thread per output element, a sequential float sum over k, through the same strides.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
typedef ABT_DTYPE T;

__device__ __forceinline__ float value(__half v) { return __half2float(v); }
__device__ __forceinline__ float value(__nv_bfloat16 v) { return __bfloat162float(v); }

extern "C" __global__ void matmul_ref(const T* a, const T* b, float* c, int M, int N, int K, int stride_am,
                                      int stride_ak, int stride_bk, int stride_bn, int stride_cm, int stride_cn) {
  const long long n = blockIdx.x * (long long)blockDim.x + threadIdx.x, m = blockIdx.y;
  if (n >= N) return;
  float sum = 0.0f;
  for (long long k = 0; k < K; ++k) sum += value(a[m * stride_am + k * stride_ak]) * value(b[k * stride_bk + n * stride_bn]);
  c[m * stride_cm + n * stride_cn] = sum;
}
