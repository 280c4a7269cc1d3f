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

// The rule a measurement with these settings stops by.
std::unique_ptr<StopRule> make_stop_rule(const TimingSettings& settings);

}  // namespace abt
