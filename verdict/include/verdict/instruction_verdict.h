// --metric instructions: a point decided from each side's instruction count instead of its time
// (docs/verdicts.md). Deterministic code counted twice gives one count, so
// there is no interval: the change is the change. Where counts of one side's code differ (its
// two calls, or A's record against A's code in B's process), the spread widens what is decided.
//   FASTER / SLOWER  |B/A - 1| >= threshold + spread (fewer / more instructions in B);
//   SAME             |B/A - 1| + spread < threshold;
//   AMBIGUOUS        in between: the code's own variation could make the change.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "verdict/finding.h"
#include "verdict/verdict.h"
#include "model/instruction_count.h"

namespace abt {

struct InstructionDecision {
  std::string tool;          // what counted them: callgrind (host), cupti (a device)
  uint64_t a = 0, b = 0;     // the counts compared: each side's first counted call
  double change_pct = 0;     // (B / A - 1) in percent: above 0, B executes more
  double spread_pct = 0;     // how far counts of one side's own code differ, in percent
  Verdict verdict = Verdict::ambiguous;
  std::optional<Finding> undecided;  // AMBIGUOUS: A counted nothing, or the spread
};

// `a_record`: A's count in its own run when `a` is A's code counted in B's process (else null).
InstructionDecision decide_instructions(const InstructionCount& a, const InstructionCount& b,
                                        const InstructionCount* a_record, double threshold_pct);

}  // namespace abt
