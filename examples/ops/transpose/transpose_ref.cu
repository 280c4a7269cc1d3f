#include <cuda_bf16.h>
typedef ABT_DTYPE T;

extern "C" __global__ void transpose_ref(long long m, long long n, const T* x, T* y) {
  long long col = blockIdx.x * (long long)blockDim.x + threadIdx.x, row = blockIdx.y;
  if (col < n) y[col * m + row] = x[row * n + col];
}
