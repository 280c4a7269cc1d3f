#include "verdict/instruction_verdict.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace abt {

InstructionDecision decide_instructions(const InstructionCount& a, const InstructionCount& b,
                                        const InstructionCount* a_record, double threshold_pct) {
  InstructionDecision decision;
  decision.tool = b.tool;
  decision.a = a.value();
  decision.b = b.value();
  double spread = std::max(a.spread(), b.spread());
  if (a_record && a_record->value() > 0 && decision.a > 0)
    spread = std::max(spread, std::fabs(double(a_record->value()) / double(decision.a) - 1));
  decision.spread_pct = 100 * spread;
  if (decision.a == 0) {  // nothing to be relative to: equal counts are the same code's
    decision.verdict = decision.b == 0 ? Verdict::same : Verdict::ambiguous;
    if (decision.b != 0) decision.undecided = Finding{FindingCode::instructions_a_zero};
    return decision;
  }
  decision.change_pct = 100 * (double(decision.b) / double(decision.a) - 1);
  // A change of exactly the threshold is claimed: the last bits of a decimal percentage are not.
  constexpr double kRounding = 1e-9;
  const double change = std::fabs(decision.change_pct);
  if (change >= threshold_pct + decision.spread_pct - kRounding) {
    decision.verdict = decision.change_pct > 0 ? Verdict::slower : Verdict::faster;
  } else if (change + decision.spread_pct < threshold_pct) {
    decision.verdict = Verdict::same;
  } else {
    decision.verdict = Verdict::ambiguous;
    decision.undecided = Finding{FindingCode::instructions_nondeterministic, {{FindingField::spread_pct, decision.spread_pct}}};
  }
  return decision;
}

}  // namespace abt
