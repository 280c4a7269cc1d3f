#include "passes/explanation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace abt {

bool restores_a_time(const SkippedPass& pass, std::string_view b_verdict) {
  return pass.timed && pass.timed->error.empty() && pass.timed->verdict == Verdict::same &&
         (b_verdict == spelling(Verdict::faster) || b_verdict == spelling(Verdict::slower));
}

std::optional<FirstDifference> first_difference(const PassExplanation& explanation) {
  if (explanation.outcome != ExplainOutcome::pass) return std::nullopt;
  const PassDivergence& divergence = explanation.divergence;
  if (divergence.attributes_only && divergence.code)
    return FirstDifference{divergence.code->since_same_only_in_a, divergence.code->since_same_only_in_b, divergence.code->stage,
                           divergence.code->pass};
  return FirstDifference{divergence.since_same_only_in_a, divergence.since_same_only_in_b, divergence.stage, divergence.pass};
}

std::string explanation_text(const PassExplanation& explanation) {
  switch (explanation.outcome) {
    case ExplainOutcome::no_divergence: return "no divergence";
    case ExplainOutcome::pass: {
      const FirstDifference first = *first_difference(explanation);
      std::string text = fmt::format("{} pass {}", spelling(first.stage), first.pass);
      const auto& a = first.only_in_a;
      const auto& b = first.only_in_b;
      if (!a.empty() || !b.empty())
        text = fmt::format("after passes only {} ran ({}), {}", a.empty() ? "B" : b.empty() ? "A" : "one side",
                           fmt::join(a.empty() ? b : a, ", "), text) +
               (!a.empty() && !b.empty() ? fmt::format(" (B alone: {})", fmt::join(b, ", ")) : "");
      const PassDivergence& divergence = explanation.divergence;
      if (divergence.attributes_only)
        text += divergence.code ? fmt::format(" (the module's attributes differ first, at {} pass {})",
                                              spelling(divergence.stage), divergence.pass)
                                : " (module attributes only; no pass's code differs)";
      return text;
    }
    case ExplainOutcome::stage:
      if (explanation.no_passes.empty()) return fmt::format("stage {} (no pass's IR differs)", explanation.stage);
      return fmt::format("stage {} (no passes to compare)", explanation.stage);
    case ExplainOutcome::failed: return "failed: " + explanation.error;
  }
  return "";
}

}  // namespace abt
