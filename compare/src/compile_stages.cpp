#include "compare/compile_stages.h"

#include <algorithm>
#include <map>

#include "compare/comparison.h"

namespace abt {
namespace {

struct StageSums {
  uint64_t a_instructions = 0, b_instructions = 0;
  bool a_counted = false, b_counted = false;
  double a_ms = 0, b_ms = 0;
  bool timed = false;
  bool in_a = false, in_b = false;
};

InstructionCount counted_once(uint64_t instructions) { return InstructionCount{"callgrind", {instructions}}; }

}  // namespace

std::vector<OpCompileStages> compare_compile_stages(const std::vector<PointComparison>& points, double threshold_pct) {
  std::vector<OpCompileStages> ops;
  std::map<std::string, size_t> op_index;
  std::vector<std::vector<std::pair<std::string, StageSums>>> sums;  // per op, stages in first-seen order
  std::vector<std::pair<uint64_t, uint64_t>> totals;                 // per op, every counted stage of each side
  for (const auto& row : points) {
    if (!row.a_compile || !row.b_compile) continue;
    auto [found, added] = op_index.emplace(row.op, ops.size());
    if (added) {
      ops.push_back({row.op, 0, 0, {}, std::nullopt});
      sums.emplace_back();
      totals.emplace_back(0, 0);
    }
    OpCompileStages& op = ops[found->second];
    auto& stages = sums[found->second];
    const CompileProfile &a = *row.a_compile, &b = *row.b_compile;
    const bool counted = a.counted() && b.counted();
    ++op.points;
    op.counted_points += counted;
    if (counted) {  // a stage only one compiler has (clang's cc1 in-process, g++'s cc1plus apart) counts too
      totals[found->second].first += a.total_instructions();
      totals[found->second].second += b.total_instructions();
    }
    auto sums_of = [&](const std::string& name) -> StageSums& {
      for (auto& [stage, sum] : stages)
        if (stage == name) return sum;
      return stages.emplace_back(name, StageSums{}).second;
    };
    for (const auto* side : {&a, &b})
      for (const auto& stage : side->stages) {
        StageSums& sum = sums_of(stage.name);
        (side == &a ? sum.in_a : sum.in_b) = true;
      }
    for (const auto& stage : a.stages) {
      StageSums& sum = sums_of(stage.name);
      const CompileStage* other = b.stage(stage.name);
      if (!other) continue;
      if (stage.ms && other->ms) {
        sum.a_ms += *stage.ms;
        sum.b_ms += *other->ms;
        sum.timed = true;
      }
      if (counted && stage.instructions && other->instructions) {
        sum.a_instructions += *stage.instructions;
        sum.b_instructions += *other->instructions;
        sum.a_counted = sum.b_counted = true;
      }
    }
  }
  for (size_t i = 0; i < ops.size(); ++i) {
    for (const auto& [name, sum] : sums[i]) {
      StageComparison stage;
      stage.stage = name;
      stage.only_in_a = sum.in_a && !sum.in_b;
      stage.only_in_b = sum.in_b && !sum.in_a;
      if (sum.timed) {
        stage.a_ms = sum.a_ms;
        stage.b_ms = sum.b_ms;
      }
      if (sum.a_counted && sum.b_counted) {
        stage.a_instructions = sum.a_instructions;
        stage.b_instructions = sum.b_instructions;
        stage.decision = decide_instructions(counted_once(sum.a_instructions), counted_once(sum.b_instructions), nullptr, threshold_pct);
      }
      ops[i].stages.push_back(std::move(stage));
    }
    if (ops[i].counted_points)
      ops[i].total = decide_instructions(counted_once(totals[i].first), counted_once(totals[i].second), nullptr, threshold_pct);
  }
  return ops;
}

}  // namespace abt
