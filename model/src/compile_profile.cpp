#include "model/compile_profile.h"

#include <algorithm>

namespace abt {

uint64_t CompileProfile::total_instructions() const {
  uint64_t total = 0;
  for (const auto& stage : stages) total += stage.instructions.value_or(0);
  return total;
}

std::optional<double> CompileProfile::stages_ms() const {
  std::optional<double> total;
  for (const auto& stage : stages)
    if (stage.ms) total = total.value_or(0) + *stage.ms;
  return total;
}

const CompileStage* CompileProfile::stage(const std::string& name) const {
  for (const auto& stage : stages)
    if (stage.name == name) return &stage;
  return nullptr;
}

void CompileProfile::add_counts(const CompileProfile& counted) {
  for (const auto& stage : counted.stages) {
    auto found = std::find_if(stages.begin(), stages.end(), [&](const CompileStage& own) { return own.name == stage.name; });
    if (found == stages.end()) stages.push_back({stage.name, std::nullopt, stage.instructions});
    else found->instructions = stage.instructions;
  }
  counted_by = counted.counted_by;
  same_binary = counted.same_binary;
}

}  // namespace abt
