// `--shard I/N` (and `--gpus`): the I-th of N consecutive parts of a run's points, in plan order,
// cut so that each part holds about the same expected cost; the same points and costs always
// give the same parts. What a point costs is the planner's estimate (engine/run.h).
#pragma once
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/shard.h"

namespace abt {

struct PointCost {
  std::string id;
  double seconds = 0;
};

// The ids of `shard`'s part: a point belongs to the part its cost's midpoint falls in.
std::set<std::string> points_of_shard(const std::vector<PointCost>& costs, const Shard& shard);

}  // namespace abt
