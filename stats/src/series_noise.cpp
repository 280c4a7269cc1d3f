#include "stats/series_noise.h"

#include <algorithm>
#include <cmath>

#include "stats/summary.h"

namespace abt {

PointNoise learn_noise(const NoiseInput& input, double floor_pct, double unlearned_pct) {
  const std::span<const double> values = input.values;
  PointNoise noise;
  noise.builds = values.size();
  std::vector<double> halves;
  for (size_t i = 0; i < input.intervals.size() && i < values.size(); ++i)
    if (const ValueInterval& interval = input.intervals[i]; interval && values[i] > 0)
      halves.push_back(100 * (interval->second - interval->first) / 2 / values[i]);
  if (!halves.empty()) noise.within_pct = median_of(halves);

  // Relative changes between consecutive builds, %: those between builds of the same code where
  // there are enough of them (pure noise), else every one that is no known step.
  std::vector<double> same_code, any_code;
  for (size_t i = 1; i < values.size(); ++i) {
    if (values[i - 1] == 0 || std::find(input.steps.begin(), input.steps.end(), i) != input.steps.end()) continue;
    const double change = 100 * (values[i] / values[i - 1] - 1);
    any_code.push_back(change);
    if (i < input.boundaries.size() && input.boundaries[i] == CodeBoundary::same) same_code.push_back(change);
  }
  const std::vector<double>& changes = same_code.size() + 1 >= kBuildsToLearn ? same_code : any_code;
  noise.learned = values.size() >= kBuildsToLearn && changes.size() + 1 >= kBuildsToLearn;
  if (!noise.learned) {
    noise.sigma_pct = std::max(unlearned_pct, noise.within_pct) / kStepSigmas;
    noise.step_pct = std::max({floor_pct, unlearned_pct, noise.within_pct});
    noise.one_build_pct = noise.step_pct;
    return noise;
  }
  noise.exact = std::all_of(changes.begin(), changes.end(), [](double change) { return change == 0; });
  const double center = median_of(changes);
  std::vector<double> deviations, magnitudes;
  for (double change : changes) {
    deviations.push_back(std::abs(change - center));
    magnitudes.push_back(std::abs(change));
  }
  noise.sigma_pct = 1.4826 * median_of(deviations) / std::sqrt(2.0);
  // The MAD is robust but wasteful (37% as efficient as a standard deviation on Gaussian noise):
  // the standard deviation of the changes within 3.5 MADs of the middle, outliers and steps left
  // out, where enough remain, is as robust here and far steadier on a short series.
  if (noise.sigma_pct > 0) {
    double sum = 0;
    size_t kept = 0;
    const double reach = 3.5 * noise.sigma_pct * std::sqrt(2.0);
    for (double change : changes)
      if (std::abs(change - center) <= reach) {
        sum += (change - center) * (change - center);
        ++kept;
      }
    if (kept + 1 >= kBuildsToLearn) noise.sigma_pct = std::sqrt(sum / double(kept - 1)) / std::sqrt(2.0);
  }
  if (noise.sigma_pct == 0 && !noise.exact) {  // most changes alike (quantized values): their plain standard deviation
    double mean = 0, sum = 0;
    for (double change : changes) mean += change / double(changes.size());
    for (double change : changes) sum += (change - mean) * (change - mean);
    noise.sigma_pct = std::sqrt(sum / double(changes.size() - 1)) / std::sqrt(2.0);
  }
  noise.step_pct = std::max(floor_pct, kStepSigmas * noise.sigma_pct);
  const std::vector<double> quartiles = quantiles_of(magnitudes, {0.25, 0.75});
  noise.one_build_pct = std::max(noise.step_pct, quartiles[1] + kFenceIqrs * (quartiles[1] - quartiles[0]));
  return noise;
}

}  // namespace abt
