#include "simulated_median.h"

#include <algorithm>

namespace abt {

SimulatedMedian::SimulatedMedian(const std::vector<std::vector<double>>& rounds, const std::vector<RoundValue>& ascending) {
  int start = 0;
  for (const auto& round : rounds) {
    rounds_.push_back({start, int(round.size())});
    start += int(round.size());
  }
  // Equal values may take their ranks in any order: a median reads the value at a rank, the same
  // whichever of them is counted there.
  rank_.resize(ascending.size());
  sorted_.resize(ascending.size());
  for (size_t rank = 0; rank < ascending.size(); ++rank) {
    const RoundValue& sample = ascending[rank];
    rank_[size_t(rounds_[sample.round].first) + sample.index] = uint32_t(rank);
    sorted_[rank] = sample.value;
  }
  counts_.assign(sorted_.size(), 0u);
  block_counts_.assign(sorted_.size() / kRanksPerBlock + 1, 0u);
}

// Each draw counts its sample's rank in the sorted set, and the block of ranks it falls in; the
// median is then read off the counts, a block at a time up to its own: what sorting the drawn
// values would give, at a fraction of the cost.
double SimulatedMedian::median(const std::vector<size_t>& picks, BootstrapRandom& random) {
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
