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
  block_counts_.assign(samples_.size() / kRanksPerBlock + 1, 0u);
}

// Each draw counts its sample's rank in the sorted set, and the block of ranks it falls in; the
// median is then read off the counts, a block at a time up to its own: what sorting the drawn
// values would give, at a fraction of the cost.
double SimulatedMedian::median(const std::vector<size_t>& picks, std::mt19937_64& random) {
  std::fill(counts_.begin(), counts_.end(), 0u);
  std::fill(block_counts_.begin(), block_counts_.end(), 0u);
  size_t drawn = 0;
  for (size_t round : picks) {
    auto [start, size] = rounds_[round];
    std::uniform_int_distribution<int> pick(0, size - 1);
    for (int i = 0; i < size; ++i) {
      const uint32_t rank = rank_[size_t(start + pick(random))];
      ++counts_[rank];
      ++block_counts_[rank / kRanksPerBlock];
    }
    drawn += size_t(size);
  }
  // The value at position `middle` of the drawn values in order, and (even count) the one before.
  const size_t middle = drawn / 2;
  const double at = value_at(middle);
  return drawn % 2 == 1 ? at : 0.5 * (at + value_at(middle - 1));
}

double SimulatedMedian::value_at(size_t position) const {
  // Whole blocks first, then ranks within the one that holds it.
  size_t seen = 0, block = 0;
  while (seen + block_counts_[block] <= position) seen += block_counts_[block++];
  size_t rank = block * kRanksPerBlock;
  while (seen + counts_[rank] <= position) seen += counts_[rank++];
  return sorted_[rank];
}

}  // namespace abt
