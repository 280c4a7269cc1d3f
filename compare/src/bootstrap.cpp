#include "compare/bootstrap.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "util/statistics.h"

namespace abt {
namespace {

class RoundResampler {
 public:
  explicit RoundResampler(const RoundedSamples& set) : samples_(set.samples) {
    int start = 0;
    std::vector<int> sizes = set.round_sizes;
    if (sizes.empty() || std::accumulate(sizes.begin(), sizes.end(), 0) != int(samples_.size()))
      sizes = {int(samples_.size())};
    for (int size : sizes) {
      if (size > 0) rounds_.push_back({start, size});
      start += size;
    }
  }

  double median(std::mt19937_64& random) {
    scratch_.clear();
    std::uniform_int_distribution<size_t> pick_round(0, rounds_.size() - 1);
    for (size_t r = 0; r < rounds_.size(); ++r) {
      auto [start, size] = rounds_[pick_round(random)];
      std::uniform_int_distribution<int> pick(0, size - 1);
      for (int i = 0; i < size; ++i) scratch_.push_back(samples_[start + pick(random)]);
    }
    size_t middle = scratch_.size() / 2;
    std::nth_element(scratch_.begin(), scratch_.begin() + middle, scratch_.end());
    double upper = scratch_[middle];
    if (scratch_.size() % 2 == 1) return upper;
    return 0.5 * (upper + *std::max_element(scratch_.begin(), scratch_.begin() + middle));
  }

 private:
  const std::vector<double>& samples_;
  std::vector<std::pair<int, int>> rounds_;
  std::vector<double> scratch_;
};

}  // namespace

RatioInterval bootstrap_median_ratio(const RoundedSamples& a, const RoundedSamples& b, double confidence,
                                     int resamples, uint64_t seed) {
  RatioInterval interval;
  if (a.samples.empty() || b.samples.empty()) return interval;
  interval.ratio = median_of(b.samples) / median_of(a.samples);
  std::mt19937_64 random(seed);
  RoundResampler resample_a(a), resample_b(b);
  std::vector<double> ratios;
  ratios.reserve(resamples);
  for (int i = 0; i < resamples; ++i) {
    double median_a = resample_a.median(random);
    ratios.push_back(resample_b.median(random) / median_a);
  }
  std::sort(ratios.begin(), ratios.end());
  double tail = (1 - confidence) / 2;
  interval.low = quantile_sorted(ratios, tail);
  interval.high = quantile_sorted(ratios, 1 - tail);
  return interval;
}

}  // namespace abt
