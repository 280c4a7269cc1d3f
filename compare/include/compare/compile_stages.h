// Compile time by stage, B against A: per op, each stage's instructions (--compile-instructions)
// and wall time (Triton's stages) summed over the points whose both sides carry them. Counts
// decide like --metric instructions (instruction_verdict.h), at diff's --instructions-threshold:
// one compile's instructions repeat to a few parts per million, where its wall time varies by
// percents on a shared machine (bench/RESULTS.md). Wall times are shown, never decided.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verdict/instruction_verdict.h"
#include "model/compile_profile.h"

namespace abt {

struct PointComparison;

struct StageComparison {
  std::string stage;
  uint64_t a_instructions = 0, b_instructions = 0;  // summed over the op's counted points
  std::optional<InstructionDecision> decision;      // both sides counted this stage
  std::optional<double> a_ms, b_ms;                 // both sides timed it (summed)
  bool only_in_a = false, only_in_b = false;        // the other side's compiler has no such stage
};

struct OpCompileStages {
  std::string op;
  int points = 0;          // points whose both sides carry a compile profile
  int counted_points = 0;  // ... with both sides' instructions counted
  std::vector<StageComparison> stages;       // in A's order, then the stages only B ran
  std::optional<InstructionDecision> total;  // every stage's instructions together
};

std::vector<OpCompileStages> compare_compile_stages(const std::vector<PointComparison>& points, double threshold_pct);

}  // namespace abt
