// The chain of cpu_work_knob without the planted steps, one element at a time.
#include <cmath>
#include <cstdint>

void work_knob_ref(int64_t n, int32_t steps, float one, float zero, const float* x, float* out) {
  for (int64_t i = 0; i < n; ++i) {
    float v = x[i];
    for (int s = 0; s < steps; ++s) v = std::fma(v, 0.999f, 0.001f);
    out[i] = v;
  }
}
