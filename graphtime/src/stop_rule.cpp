#include "graphtime/stop_rule.h"

#include "graphtime/timer.h"
#include "stats/summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace abt {

bool FixedBudget::done(const SamplingProgress& progress) const {
  const size_t n = progress.samples_us.size();
  return n >= max_samples_ || (n >= min_samples_ && progress.elapsed_ms >= budget_ms_);
}

size_t FixedBudget::room(const SamplingProgress& progress) const {
  const size_t n = progress.samples_us.size();
  return n >= max_samples_ ? 0 : max_samples_ - n;
}

bool NoiseTarget::done(const SamplingProgress& progress) const {
  if (budget_.done(progress)) return true;
  return progress.samples_us.size() >= min_samples_ && progress.elapsed_ms >= min_ms_ &&
         relative_ci95_half_width(progress.samples_us) <= target_;
}

std::unique_ptr<StopRule> make_stop_rule(const TimingSettings& settings) {
  const size_t min_samples = size_t(std::max(0, settings.min_samples));
  const size_t max_samples = size_t(std::max(1, settings.max_samples));
  if (settings.noise_target_pct > 0)
    return std::make_unique<NoiseTarget>(settings.noise_target_pct, settings.rep_ms * kMinBudgetFraction, settings.rep_ms,
                                         min_samples, max_samples);
  return std::make_unique<FixedBudget>(settings.rep_ms, min_samples, max_samples);
}

}  // namespace abt
