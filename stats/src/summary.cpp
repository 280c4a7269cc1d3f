#include "stats/summary.h"

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

double median_of(std::vector<double> samples) { return quantiles_of(std::move(samples), {0.5})[0]; }

double relative_ci95_half_width(const std::vector<double>& samples) {
  const size_t n = samples.size();
  if (n < 2) return std::numeric_limits<double>::infinity();
  const double mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(n);
  double squares = 0;
  for (double sample : samples) squares += (sample - mean) * (sample - mean);
  const double standard_error = std::sqrt(squares / double(n - 1) / double(n));
  return mean > 0 ? student_t_975(n - 1) * standard_error / mean : std::numeric_limits<double>::infinity();
}

double student_t_975(size_t degrees_of_freedom) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                      2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                      2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (degrees_of_freedom == 0) return std::numeric_limits<double>::infinity();
  if (degrees_of_freedom <= std::size(kTable)) return kTable[degrees_of_freedom - 1];
  return 1.96 + 2.5 / double(degrees_of_freedom);  // 2.000 at 60, 1.981 at 120 (tables: 2.000, 1.980)
}

std::vector<double> quantiles_of(std::vector<double> samples, const std::vector<double>& ascending) {
  std::vector<double> result;
  if (samples.empty()) return std::vector<double>(ascending.size(), 0.0);
  // Each quantile's two neighbours in order, selected left to right so that each selection only
  // searches what the previous one left above it: what quantile_sorted reads, without a sort.
  size_t selected = 0;
  for (double q : ascending) {
    const double position = q * double(samples.size() - 1);
    const size_t below = size_t(std::floor(position));
    const size_t above = std::min(below + 1, samples.size() - 1);
    std::nth_element(samples.begin() + long(selected), samples.begin() + long(below), samples.end());
    const double low = samples[below];
    const double high = above == below ? low : *std::min_element(samples.begin() + long(above), samples.end());
    selected = below;
    result.push_back(low + (high - low) * (position - double(below)));
  }
  return result;
}

SampleSummary summarize(std::vector<double> samples) {
  SampleSummary summary;
  summary.n = samples.size();
  if (samples.empty()) return summary;
  // The sums in the order measured.
  summary.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
  double squares = 0;
  for (double sample : samples) squares += (sample - summary.mean) * (sample - summary.mean);
  summary.stddev = samples.size() > 1 ? std::sqrt(squares / double(samples.size() - 1)) : 0;
  const auto [min, max] = std::minmax_element(samples.begin(), samples.end());
  summary.min = *min;
  summary.max = *max;
  const std::vector<double> quartiles = quantiles_of(std::move(samples), {0.25, 0.5, 0.75});
  summary.q1 = quartiles[0];
  summary.median = quartiles[1];
  summary.q3 = quartiles[2];
  return summary;
}

}  // namespace abt
