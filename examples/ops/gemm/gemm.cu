// Tiled tensor-core GEMM: C (fp32, row-major) = A (M x K, row-major) * B (K x N, row-major).
// Each block computes a BLOCK_M x BLOCK_N tile; its WARPS warps split it in a WARPS_M x WARPS_N
// grid of warp tiles made of 16x16 WMMA fragments. A and B tiles stream through a STAGES-deep
// ring in shared memory filled with cp.async (zero-filled outside the matrices).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_pipeline_primitives.h>
#include <mma.h>
using namespace nvcuda;
typedef ABT_DTYPE T;

constexpr int BM = BLOCK_M, BN = BLOCK_N, BK = BLOCK_K, THREADS = WARPS * 32;
constexpr int WARPS_N = (WARPS >= 8 && BN >= BM) ? 4 : 2;
constexpr int WARPS_M = WARPS / WARPS_N;
constexpr int WM = BM / WARPS_M, WN = BN / WARPS_N;  // one warp's tile
constexpr int FM = WM / 16, FN = WN / 16;           // its 16x16 fragments
constexpr int A_STRIDE = BK + 8, B_STRIDE = BN + 8;  // padded rows: fewer bank conflicts, 16-byte aligned
constexpr int A_TILE = BM * A_STRIDE, B_TILE = BK * B_STRIDE;
constexpr int CHUNK = 16 / sizeof(T);                // elements per 16-byte copy
static_assert(FM >= 1 && FN >= 1 && WM % 16 == 0 && WN % 16 == 0, "warp tile must be whole fragments");
static_assert(STAGES >= 2, "a pipeline needs two stages");

__device__ __forceinline__ void load_stage(T* As, T* Bs, const T* A, const T* B, long long M, long long N, long long K,
                                           long long tile_m, long long tile_n, long long k0) {
  for (int c = threadIdx.x; c < BM * BK / CHUNK; c += THREADS) {
    const int row = c / (BK / CHUNK), col = (c % (BK / CHUNK)) * CHUNK;
    const long long gm = tile_m + row, gk = k0 + col;
    const bool inside = gm < M && gk < K;
    __pipeline_memcpy_async(As + row * A_STRIDE + col, inside ? A + gm * K + gk : A, 16, inside ? 0 : 16);
  }
  for (int c = threadIdx.x; c < BK * BN / CHUNK; c += THREADS) {
    const int row = c / (BN / CHUNK), col = (c % (BN / CHUNK)) * CHUNK;
    const long long gk = k0 + row, gn = tile_n + col;
    const bool inside = gk < K && gn < N;
    __pipeline_memcpy_async(Bs + row * B_STRIDE + col, inside ? B + gk * N + gn : B, 16, inside ? 0 : 16);
  }
}

extern "C" __global__ void __launch_bounds__(THREADS) gemm(long long M, long long N, long long K, const T* __restrict__ A,
                                                           const T* __restrict__ B, float* __restrict__ C) {
  extern __shared__ __align__(128) unsigned char shared_bytes[];
  T* ring = reinterpret_cast<T*>(shared_bytes);
  const long long tile_m = blockIdx.y * (long long)BM, tile_n = blockIdx.x * (long long)BN;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int warp_m = warp / WARPS_N, warp_n = warp % WARPS_N;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[FM][FN];
  for (int i = 0; i < FM; ++i)
    for (int j = 0; j < FN; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  const int k_tiles = int((K + BK - 1) / BK);
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < k_tiles) load_stage(ring + s * (A_TILE + B_TILE), ring + s * (A_TILE + B_TILE) + A_TILE, A, B, M, N, K, tile_m, tile_n, s * (long long)BK);
    __pipeline_commit();
  }
  for (int kt = 0; kt < k_tiles; ++kt) {
    __pipeline_wait_prior(STAGES - 2);  // tile kt has landed
    __syncthreads();                    // ... for every thread, and stage (kt - 1) is free again
    const int next = kt + STAGES - 1;
    if (next < k_tiles) {
      T* stage = ring + (next % STAGES) * (A_TILE + B_TILE);
      load_stage(stage, stage + A_TILE, A, B, M, N, K, tile_m, tile_n, next * (long long)BK);
    }
    __pipeline_commit();
    const T* As = ring + (kt % STAGES) * (A_TILE + B_TILE);
    const T* Bs = As + A_TILE;
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> a[FM];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, T, wmma::row_major> b[FN];
      for (int i = 0; i < FM; ++i) wmma::load_matrix_sync(a[i], As + (warp_m * WM + i * 16) * A_STRIDE + kk, A_STRIDE);
      for (int j = 0; j < FN; ++j) wmma::load_matrix_sync(b[j], Bs + kk * B_STRIDE + warp_n * WN + j * 16, B_STRIDE);
      for (int i = 0; i < FM; ++i)
        for (int j = 0; j < FN; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
  }
  __pipeline_wait_prior(0);
  __syncthreads();  // the ring becomes per-warp staging for edge tiles

  float* staging = reinterpret_cast<float*>(shared_bytes) + warp * 256;
  for (int i = 0; i < FM; ++i)
    for (int j = 0; j < FN; ++j) {
      const long long row0 = tile_m + warp_m * WM + i * 16, col0 = tile_n + warp_n * WN + j * 16;
      if (row0 + 16 <= M && col0 + 16 <= N) {
        wmma::store_matrix_sync(C + row0 * N + col0, acc[i][j], unsigned(N), wmma::mem_row_major);
        continue;
      }
      wmma::store_matrix_sync(staging, acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
      for (int e = lane; e < 256; e += 32) {
        const long long r = row0 + e / 16, c = col0 + e % 16;
        if (r < M && c < N) C[r * N + c] = staging[e];
      }
      __syncwarp();
    }
}
