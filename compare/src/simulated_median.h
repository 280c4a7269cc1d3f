// The median of one resample, made draw by draw: the bootstrap's within-round stage as defined.
#pragma once
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace abt {

class SimulatedMedian {
 public:
  explicit SimulatedMedian(const std::vector<std::vector<double>>& rounds);  // resample_rounds()

  // The median of one resample made of the rounds `picks` (indices into the rounds, in the order
  // drawn): each pick draws as many values from its round as it holds, with replacement.
  double median(const std::vector<size_t>& picks, std::mt19937_64& random);

 private:
  // The value at 0-based `position` of the current resample's draws in order.
  double value_at(size_t position) const;

  static constexpr size_t kRanksPerBlock = 64;
  std::vector<double> samples_;               // the rounds, one after another
  std::vector<std::pair<int, int>> rounds_;   // (start, size) in samples_
  std::vector<uint32_t> rank_;                // samples_[i] is sorted_[rank_[i]]
  std::vector<double> sorted_;
  std::vector<uint32_t> counts_;              // draws per rank in the current resample
  std::vector<uint32_t> block_counts_;        // ... per kRanksPerBlock ranks
};

}  // namespace abt
