// When a measurement has enough samples (SPEC section 7: "sampling stops when the relative
// confidence half-width reaches its target or the budget is spent").
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

namespace abt {

struct TimingSettings;

struct SamplingProgress {
  const std::vector<double>& samples_us;
  double elapsed_ms = 0;  // since sampling began
};

class StopRule {
 public:
  virtual ~StopRule() = default;
  virtual bool done(const SamplingProgress& progress) const = 0;
  // The most samples still allowed: a source that takes samples in batches takes no more.
  virtual size_t room(const SamplingProgress& progress) const = 0;
};

// At least `min_samples`; then stop once `budget_ms` has been spent; never more than `max_samples`.
class FixedBudget : public StopRule {
 public:
  FixedBudget(double budget_ms, size_t min_samples, size_t max_samples)
      : budget_ms_(budget_ms), min_samples_(min_samples), max_samples_(max_samples) {}
  bool done(const SamplingProgress& progress) const override;
  size_t room(const SamplingProgress& progress) const override;

 private:
  double budget_ms_;
  size_t min_samples_, max_samples_;
};

// nvbench's "stdrel" idea: stop as soon as the mean is known to `target_pct` (the 95% half-width
// of the mean, relative to it), but not before `min_ms` and `min_samples`; at the latest when the
// budget is spent or `max_samples` are in. A steady kernel then costs a fraction of its budget.
class NoiseTarget : public StopRule {
 public:
  NoiseTarget(double target_pct, double min_ms, double budget_ms, size_t min_samples, size_t max_samples)
      : target_(target_pct / 100.0), min_ms_(min_ms), budget_(budget_ms, min_samples, max_samples),
        min_samples_(min_samples) {}
  bool done(const SamplingProgress& progress) const override;
  size_t room(const SamplingProgress& progress) const override { return budget_.room(progress); }

 private:
  double target_, min_ms_;
  FixedBudget budget_;
  size_t min_samples_;
};

// The rule a measurement with these settings stops by: NoiseTarget when the settings name a
// target (every point's rounds), FixedBudget otherwise (sweep candidates).
std::unique_ptr<StopRule> make_stop_rule(const TimingSettings& settings);

}  // namespace abt
