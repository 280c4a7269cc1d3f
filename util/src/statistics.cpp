#include "util/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace abt {

double quantile_sorted(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  double position = q * double(sorted.size() - 1);
  size_t below = size_t(std::floor(position));
  size_t above = std::min(below + 1, sorted.size() - 1);
  double fraction = position - double(below);
  return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

double median_of(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return quantile_sorted(samples, 0.5);
}

SampleSummary summarize(std::vector<double> samples) {
  SampleSummary summary;
  summary.n = samples.size();
  if (samples.empty()) return summary;
  std::sort(samples.begin(), samples.end());
  summary.min = samples.front();
  summary.max = samples.back();
  summary.median = quantile_sorted(samples, 0.5);
  summary.q1 = quantile_sorted(samples, 0.25);
  summary.q3 = quantile_sorted(samples, 0.75);
  summary.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
  double squares = 0;
  for (double sample : samples) squares += (sample - summary.mean) * (sample - summary.mean);
  summary.stddev = samples.size() > 1 ? std::sqrt(squares / double(samples.size() - 1)) : 0;
  return summary;
}

}  // namespace abt
