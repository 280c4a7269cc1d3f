#include "round_order.h"

#include <boost/sort/pdqsort/pdqsort.hpp>

namespace abt {

RoundOrder order_rounds(const std::vector<std::vector<double>>& rounds) {
  RoundOrder order;
  std::vector<RoundValue>& ascending = order.ascending;
  size_t sample_count = 0;
  for (const auto& round : rounds) sample_count += round.size();
  ascending.reserve(sample_count);
  for (size_t r = 0; r < rounds.size(); ++r)
    for (size_t i = 0; i < rounds[r].size(); ++i) ascending.push_back({rounds[r][i], uint32_t(r), uint32_t(i)});
  // One sort of every sample, by a quicksort whose partitions do not branch on the comparisons:
  // which of two samples is smaller is a coin toss no branch predictor learns. Sorting each round
  // and merging them took twice as long (70 against 35 us a side on 32 sides of real records).
  boost::sort::pdqsort_branchless(ascending.begin(), ascending.end(),
                                  [](const RoundValue& x, const RoundValue& y) { return x.value < y.value; });
  order.sorted_rounds.resize(rounds.size());
  for (size_t r = 0; r < rounds.size(); ++r) order.sorted_rounds[r].reserve(rounds[r].size());
  for (const RoundValue& sample : ascending) order.sorted_rounds[sample.round].push_back(sample.value);
  return order;
}

}  // namespace abt
