// Device microbench (bench/graph_costs.sh): what a timing round's graph costs on the host (capture, instantiate, upload, update).
#include <cuda.h>
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <vector>
using Clk = std::chrono::steady_clock;
static double ms(Clk::time_point a, Clk::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
__global__ void touch(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * 1.0001f + 1.f; }
int main() {
  int n = 4096; float *a, *b; cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4);
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  touch<<<16, 256, 0, s>>>(a, n); cudaStreamSynchronize(s);
  // direct launches
  for (int rep = 0; rep < 3; ++rep) {
    auto t0 = Clk::now(); for (int i = 0; i < 200; ++i) touch<<<16, 256, 0, s>>>(a, n); auto t1 = Clk::now(); cudaStreamSynchronize(s); auto t2 = Clk::now();
    printf("direct 200: enqueue %.3f ms, total %.3f ms\n", ms(t0, t1), ms(t0, t2));
  }
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  for (int rep = 0; rep < 3; ++rep) {
    auto t0 = Clk::now(); cudaEventRecord(e0, s); touch<<<16, 256, 0, s>>>(a, n); cudaEventRecord(e1, s); cudaEventSynchronize(e1); float f; cudaEventElapsedTime(&f, e0, e1); auto t1 = Clk::now();
    printf("single timed call: %.3f ms host, %.4f ms event\n", ms(t0, t1), f);
  }
  for (int k : {1, 100, 500, 1000, 2000}) {
    for (int rep = 0; rep < 2; ++rep) {
      float* p = rep ? b : a;
      auto t0 = Clk::now();
      cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
      for (int i = 0; i < k; ++i) touch<<<16, 256, 0, s>>>(p, n);
      cudaGraph_t g; cudaStreamEndCapture(s, &g);
      auto t1 = Clk::now();
      cudaGraphExec_t x; cudaGraphInstantiate(&x, g, 0);
      auto t2 = Clk::now();
      cudaGraphUpload(x, s); cudaStreamSynchronize(s);
      auto t3 = Clk::now();
      cudaGraphLaunch(x, s); cudaStreamSynchronize(s);
      auto t4 = Clk::now();
      cudaEventRecord(e0, s); cudaGraphLaunch(x, s); cudaEventRecord(e1, s); cudaEventSynchronize(e1);
      auto t5 = Clk::now(); float f; cudaEventElapsedTime(&f, e0, e1);
      // new placement: capture again and update the exec
      auto u0 = Clk::now();
      cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
      for (int i = 0; i < k; ++i) touch<<<16, 256, 0, s>>>(rep ? a : b, n);
      cudaGraph_t g2; cudaStreamEndCapture(s, &g2);
      auto u1 = Clk::now();
      cudaGraphExecUpdateResultInfo info; cudaError_t up = cudaGraphExecUpdate(x, g2, &info);
      auto u2 = Clk::now();
      cudaGraphUpload(x, s); cudaStreamSynchronize(s);
      auto u3 = Clk::now();
      cudaEventRecord(e0, s); cudaGraphLaunch(x, s); cudaEventRecord(e1, s); cudaEventSynchronize(e1);
      auto u4 = Clk::now(); float f2; cudaEventElapsedTime(&f2, e0, e1);
      printf("k=%5d capture %.3f inst %.3f upload %.3f first %.3f timed %.3f (ev %.3f/launch %.4f us) | recapture %.3f update %.3f(%d) upload %.3f timed %.3f (ev/launch %.4f us)\n",
             k, ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4), ms(t4, t5), f, f * 1000 / k, ms(u0, u1), ms(u1, u2), int(up), ms(u2, u3), ms(u3, u4), f2 * 1000 / k);
      cudaGraphExecDestroy(x); cudaGraphDestroy(g); cudaGraphDestroy(g2);
    }
  }
  return 0;
}
