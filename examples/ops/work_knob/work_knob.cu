// v = 0.999 v + 0.001, STEPS times, then STEPS * EXTRA_PERMILLE / 1000 steps of v = v * one + zero
// (one = 1 and zero = 0 arrive at run time, so the compiler cannot drop them; each is exact).
#ifndef EXTRA_PERMILLE
#define EXTRA_PERMILLE 0
#endif

extern "C" __global__ void __launch_bounds__(BLOCK) work_knob(long long n, int steps, float one, float zero,
                                                              const float* __restrict__ x, float* __restrict__ out) {
  const long long i = blockIdx.x * (long long)BLOCK + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  for (int s = 0; s < steps; ++s) v = fmaf(v, 0.999f, 0.001f);
  const int extra = int((long long)steps * EXTRA_PERMILLE / 1000);
  for (int s = 0; s < extra; ++s) v = fmaf(v, one, zero);
  out[i] = v;
}
