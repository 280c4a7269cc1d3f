// The median of one resample, made draw by draw: the bootstrap's within-round stage as defined.
#pragma once
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "bootstrap_random.h"
#include "round_order.h"

namespace abt {

class SimulatedMedian {
 public:
  // `rounds`: resample_rounds(); `ascending`: their RoundOrder::ascending.
  SimulatedMedian(const std::vector<std::vector<double>>& rounds, const std::vector<RoundValue>& ascending);

  // The median of one resample made of the rounds `picks` (indices into the rounds, in the order
  // drawn): each pick draws as many values from its round as it holds, with replacement.
  double median(const std::vector<size_t>& picks, BootstrapRandom& random);

 private:
  // The value at 0-based `position` of the current resample's draws in order.
  double value_at(size_t position) const;

  static constexpr size_t kRanksPerBlock = 64;
  std::vector<std::pair<int, int>> rounds_;   // (start, size) of each in the rounds one after another
  std::vector<uint32_t> rank_;                // there, sample i is sorted_[rank_[i]]
  std::vector<double> sorted_;
  std::vector<uint32_t> counts_;              // draws per rank in the current resample
  std::vector<uint32_t> block_counts_;        // ... per kRanksPerBlock ranks
};

}  // namespace abt
