#include "simulated_median.h"

#include <algorithm>
#include <numeric>

namespace abt {

SimulatedMedian::SimulatedMedian(const std::vector<std::vector<double>>& rounds) {
  for (const auto& round : rounds) {
    rounds_.push_back({int(samples_.size()), int(round.size())});
    samples_.insert(samples_.end(), round.begin(), round.end());
  }
  std::vector<size_t> order(samples_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return samples_[a] < samples_[b]; });
  rank_.resize(samples_.size());
  sorted_.resize(samples_.size());
  for (size_t rank = 0; rank < order.size(); ++rank) {
    rank_[order[rank]] = uint32_t(rank);
    sorted_[rank] = samples_[order[rank]];
  }
  counts_.assign(samples_.size(), 0u);
}

// Each draw counts its sample's rank in the sorted set; the median is then read off the counts in
// one pass, which gives what sorting the drawn values would, at a fraction of the cost.
double SimulatedMedian::median(const std::vector<size_t>& picks, std::mt19937_64& random) {
  std::fill(counts_.begin(), counts_.end(), 0u);
  size_t drawn = 0;
  for (size_t round : picks) {
    auto [start, size] = rounds_[round];
    std::uniform_int_distribution<int> pick(0, size - 1);
    for (int i = 0; i < size; ++i) ++counts_[rank_[size_t(start + pick(random))]];
    drawn += size_t(size);
  }
  // The value at position `middle` of the drawn values in order, and (even count) the one before.
  const size_t middle = drawn / 2;
  double below = 0, at = 0;
  size_t seen = 0;
  for (size_t rank = 0; rank < counts_.size(); ++rank) {
    if (!counts_[rank]) continue;
    if (middle > 0 && seen <= middle - 1 && middle - 1 < seen + counts_[rank]) below = sorted_[rank];
    if (seen <= middle && middle < seen + counts_[rank]) {
      at = sorted_[rank];
      break;
    }
    seen += counts_[rank];
  }
  return drawn % 2 == 1 ? at : 0.5 * (at + below);
}

}  // namespace abt
