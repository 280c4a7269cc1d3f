// v = 0.999 v + 0.001, STEPS times per element, LANES elements at a time; then STEPS *
// EXTRA_PERMILLE / 1000 steps of v = v * one + zero (run-time one and zero: exact, not folded).
#include <cmath>
#include <cstdint>

#ifndef EXTRA_PERMILLE
#define EXTRA_PERMILLE 0
#endif

void work_knob(int64_t n, int32_t steps, float one, float zero, const float* x, float* out) {
  const int extra = int(int64_t(steps) * EXTRA_PERMILLE / 1000);
  for (int64_t first = 0; first < n; first += LANES) {
    float v[LANES];
    const int lanes = int(n - first < LANES ? n - first : LANES);
    for (int l = 0; l < lanes; ++l) v[l] = x[first + l];
    for (int s = 0; s < steps; ++s)
      for (int l = 0; l < LANES; ++l) v[l] = std::fma(v[l], 0.999f, 0.001f);
    for (int s = 0; s < extra; ++s)
      for (int l = 0; l < LANES; ++l) v[l] = std::fma(v[l], one, zero);
    for (int l = 0; l < lanes; ++l) out[first + l] = v[l];
  }
}
