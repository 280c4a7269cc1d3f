#include "graphtime/stop_rule.h"

#include "graphtime/timer.h"

namespace abt {

bool FixedBudget::done(const SamplingProgress& progress) const {
  const size_t n = progress.samples_us.size();
  return n >= max_samples_ || (n >= min_samples_ && progress.elapsed_ms >= budget_ms_);
}

size_t FixedBudget::room(const SamplingProgress& progress) const {
  const size_t n = progress.samples_us.size();
  return n >= max_samples_ ? 0 : max_samples_ - n;
}

std::unique_ptr<StopRule> make_stop_rule(const TimingSettings& settings) {
  return std::make_unique<FixedBudget>(settings.rep_ms, size_t(std::max(0, settings.min_samples)),
                                       size_t(std::max(1, settings.max_samples)));
}

}  // namespace abt
