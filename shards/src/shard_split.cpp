#include "shards/shard_split.h"

#include <algorithm>

namespace abt {

std::set<std::string> points_of_shard(const std::vector<PointCost>& costs, const Shard& shard) {
  double total = 0;
  for (const auto& point : costs) total += point.seconds;
  std::set<std::string> mine;
  double before = 0;
  for (const auto& [id, cost] : costs) {
    const int part = std::min(shard.count - 1, int((before + cost / 2) / total * shard.count));
    if (part == shard.index) mine.insert(id);
    before += cost;
  }
  return mine;
}

}  // namespace abt
