#include "round_order.h"

#include <algorithm>

namespace abt {

RoundOrder order_rounds(const std::vector<std::vector<double>>& rounds) {
  // Each round sorted, then the rounds merged pairwise: every sample in order in N log(rounds) steps.
  RoundOrder order;
  std::vector<RoundValue>& merged = order.merged;
  size_t sample_count = 0;
  for (const auto& round : rounds) sample_count += round.size();
  merged.reserve(sample_count);
  order.sorted_rounds.reserve(rounds.size());
  std::vector<size_t> runs = {0};
  auto by_value = [](const RoundValue& x, const RoundValue& y) { return x.value < y.value; };
  for (size_t r = 0; r < rounds.size(); ++r) {
    for (size_t i = 0; i < rounds[r].size(); ++i) merged.push_back({rounds[r][i], uint32_t(r), uint32_t(i)});
    std::sort(merged.begin() + long(runs.back()), merged.end(), by_value);
    auto& sorted = order.sorted_rounds.emplace_back();
    sorted.reserve(rounds[r].size());
    for (size_t i = runs.back(); i < merged.size(); ++i) sorted.push_back(merged[i].value);
    runs.push_back(merged.size());
  }
  // Bottom-up, between two buffers: each pass merges neighbouring runs of the one into the other.
  std::vector<RoundValue> other(merged.size());
  for (size_t width = 1; width + 1 < runs.size(); width *= 2) {
    for (size_t first = 0; first + 1 < runs.size(); first += 2 * width) {
      const size_t middle = runs[std::min(first + width, runs.size() - 1)], end = runs[std::min(first + 2 * width, runs.size() - 1)];
      std::merge(merged.begin() + long(runs[first]), merged.begin() + long(middle), merged.begin() + long(middle),
                 merged.begin() + long(end), other.begin() + long(runs[first]), by_value);
    }
    merged.swap(other);
  }
  return order;
}

}  // namespace abt
