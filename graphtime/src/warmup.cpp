#include "graphtime/warmup.h"

#include <algorithm>
#include <cmath>

namespace abt {

int warmup_call_count(double single_call_us, double warmup_ms) {
  if (!(single_call_us > 0)) return kMaxWarmupCalls;
  double calls = std::ceil(warmup_ms * 1000.0 / single_call_us);
  return int(std::clamp(calls, double(kMinWarmupCalls), double(kMaxWarmupCalls)));
}

}  // namespace abt
