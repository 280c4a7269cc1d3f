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

double relative_half_width(const std::vector<double>& samples) {
  const size_t n = samples.size();
  if (n < 2) return std::numeric_limits<double>::infinity();
  double mean = 0;
  for (double sample : samples) mean += sample;
  mean /= double(n);
  double squares = 0;
  for (double sample : samples) squares += (sample - mean) * (sample - mean);
  const double standard_error = std::sqrt(squares / double(n - 1) / double(n));
  return mean > 0 ? student_t_975(n - 1) * standard_error / mean : std::numeric_limits<double>::infinity();
}

bool NoiseTarget::done(const SamplingProgress& progress) const {
  if (budget_.done(progress)) return true;
  return progress.samples_us.size() >= min_samples_ && progress.elapsed_ms >= min_ms_ &&
         relative_half_width(progress.samples_us) <= target_;
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
