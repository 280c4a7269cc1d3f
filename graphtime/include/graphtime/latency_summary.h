// Order statistics of a sample set, as stored in results.json next to the raw samples.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

namespace abt {

struct LatencySummary {
  size_t n = 0;
  double median = 0, min = 0, max = 0, q1 = 0, q3 = 0, mean = 0, stddev = 0;
  nlohmann::json to_json() const;  // microseconds
};

LatencySummary summarize(std::vector<double> samples);
double median_of(std::vector<double> samples);
double quantile_sorted(const std::vector<double>& sorted, double q);  // linear interpolation

}  // namespace abt
