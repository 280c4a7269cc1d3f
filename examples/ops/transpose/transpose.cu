// Coalesced reads of a TILE x TILE block into shared memory, coalesced writes of its transpose.
#include <cuda_bf16.h>
typedef ABT_DTYPE T;

extern "C" __global__ void __launch_bounds__(TILE * ROWS) transpose(long long m, long long n, const T* __restrict__ x,
                                                                    T* __restrict__ y) {
  __shared__ T tile[TILE][TILE + PAD];
  const long long col = blockIdx.x * (long long)TILE + threadIdx.x;
  const long long row0 = blockIdx.y * (long long)TILE;
  for (int r = threadIdx.y; r < TILE; r += ROWS)
    if (row0 + r < m && col < n) tile[r][threadIdx.x] = x[(row0 + r) * n + col];
  __syncthreads();
  const long long out_col = row0 + threadIdx.x;              // a column of y is a row of x
  const long long out_row0 = blockIdx.x * (long long)TILE;
  for (int r = threadIdx.y; r < TILE; r += ROWS)
    if (out_row0 + r < n && out_col < m) y[(out_row0 + r) * m + out_col] = tile[threadIdx.x][r];
}
