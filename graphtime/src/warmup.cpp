#include "graphtime/warmup.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace abt {

int warmup_call_count(double single_call_us, double warmup_ms) {
  if (!(single_call_us > 0)) return kMaxWarmupCalls;
  double calls = std::ceil(warmup_ms * 1000.0 / single_call_us);
  return int(std::clamp(calls, double(kMinWarmupCalls), double(kMaxWarmupCalls)));
}

void warm_up_host_core(double ms) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(ms);
  volatile double sink = 1.0;
  while (std::chrono::steady_clock::now() < until)
    for (int i = 0; i < 1000; ++i) sink = sink * 1.0000001 + 1e-9;
}

}  // namespace abt
