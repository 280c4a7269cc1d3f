#include "graphtime/warmup.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "graphtime/timer.h"

namespace abt {

int warmup_call_count(double single_call_us, double warmup_ms) {
  if (!(single_call_us > 0)) return kMaxWarmupCalls;
  double calls = std::ceil(warmup_ms * 1000.0 / single_call_us);
  return int(std::clamp(calls, double(kMinWarmupCalls), double(kMaxWarmupCalls)));
}

int warmup_batch_calls(double single_call_us) {
  if (!(single_call_us > 0)) return kMaxWarmupCalls;
  const double calls = std::ceil(kSteadyBatchMs * 1000.0 / single_call_us);
  return int(std::clamp(calls, double(kMinWarmupCalls), double(kMaxWarmupCalls)));
}

bool warmup_steady(double earlier_batch_us, double latest_batch_us) {
  if (!(earlier_batch_us > 0) || !(latest_batch_us > 0)) return false;
  return std::abs(latest_batch_us - earlier_batch_us) <= kSteadyWarmupTolerance * earlier_batch_us;
}

double warmup_budget_ms(WarmupStage stage, const TimingSettings& settings) {
  switch (stage) {
    case WarmupStage::sweep_candidate: return std::min(settings.warmup_ms, kSweepWarmupMs);
    case WarmupStage::first_round: return settings.warmup_ms;
    case WarmupStage::later_round: return 0;  // clamps to kMinWarmupCalls
  }
  return settings.warmup_ms;
}

void warm_up_host_core(const TimingSettings& settings) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(settings.warmup_ms);
  volatile double sink = 1.0;
  while (std::chrono::steady_clock::now() < until)
    for (int i = 0; i < 1000; ++i) sink = sink * 1.0000001 + 1e-9;
}

}  // namespace abt
