#include "passes/explanation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace abt {

bool restores_a_time(const SkippedPass& pass, std::string_view b_verdict) {
  return pass.timed && pass.timed->error.empty() && pass.timed->verdict == Verdict::same &&
         (b_verdict == spelling(Verdict::faster) || b_verdict == spelling(Verdict::slower));
}

std::string explanation_text(const PassExplanation& explanation) {
  switch (explanation.outcome) {
    case ExplainOutcome::no_divergence: return "no divergence";
    case ExplainOutcome::pass: {
      const PassDivergence& divergence = explanation.divergence;
      std::string text = fmt::format("{} pass {}", spelling(divergence.stage), divergence.pass);
      // Passes one side ran before the first differing output are the likelier cause: said first.
      const auto& a = divergence.since_same_only_in_a;
      const auto& b = divergence.since_same_only_in_b;
      if (!a.empty() || !b.empty())
        text = fmt::format("after passes only {} ran ({}), {}", a.empty() ? "B" : b.empty() ? "A" : "one side",
                           fmt::join(a.empty() ? b : a, ", "), text) +
               (!a.empty() && !b.empty() ? fmt::format(" (B alone: {})", fmt::join(b, ", ")) : "");
      if (divergence.attributes_only)
        text += divergence.code ? fmt::format(" (module attributes only; the code first differs at {} pass {})",
                                              spelling(divergence.code->stage), divergence.code->pass)
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
