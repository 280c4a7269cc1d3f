#include "history/noise.h"

#include <algorithm>
#include <cmath>

#include "stats/summary.h"

namespace abt {

PointNoise learn_noise(std::span<const double> values, std::span<const std::optional<std::pair<double, double>>> intervals,
                       double floor_pct, std::span<const size_t> steps) {
  PointNoise noise;
  noise.builds = values.size();
  std::vector<double> halves;
  for (size_t i = 0; i < intervals.size() && i < values.size(); ++i)
    if (const auto& interval = intervals[i]; interval && values[i] > 0)
      halves.push_back(100 * (interval->second - interval->first) / 2 / values[i]);
  if (!halves.empty()) noise.within_pct = median_of(halves);

  std::vector<double> changes;  // relative changes between consecutive builds, %
  for (size_t i = 1; i < values.size(); ++i)
    if (values[i - 1] != 0 && std::find(steps.begin(), steps.end(), i) == steps.end())
      changes.push_back(100 * (values[i] / values[i - 1] - 1));
  noise.learned = values.size() >= kBuildsToLearn && changes.size() + 1 >= kBuildsToLearn;
  if (!noise.learned) {
    noise.step_pct = std::max(floor_pct, noise.within_pct);
    noise.one_build_pct = noise.step_pct;
    return noise;
  }
  const double center = median_of(changes);
  std::vector<double> deviations, magnitudes;
  for (double change : changes) {
    deviations.push_back(std::abs(change - center));
    magnitudes.push_back(std::abs(change));
  }
  noise.sigma_pct = 1.4826 * median_of(deviations) / std::sqrt(2.0);
  noise.step_pct = std::max(floor_pct, kStepSigmas * noise.sigma_pct);
  const std::vector<double> quartiles = quantiles_of(magnitudes, {0.25, 0.75});
  noise.one_build_pct = std::max(noise.step_pct, quartiles[1] + kFenceIqrs * (quartiles[1] - quartiles[0]));
  return noise;
}

}  // namespace abt
