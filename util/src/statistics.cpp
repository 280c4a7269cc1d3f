#include "util/statistics.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
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

double student_t_975(size_t degrees_of_freedom) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                      2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                      2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (degrees_of_freedom == 0) return std::numeric_limits<double>::infinity();
  if (degrees_of_freedom <= std::size(kTable)) return kTable[degrees_of_freedom - 1];
  return 1.96 + 2.5 / double(degrees_of_freedom);  // 2.000 at 60, 1.981 at 120 (tables: 2.000, 1.980)
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
