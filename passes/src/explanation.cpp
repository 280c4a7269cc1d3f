#include "passes/explanation.h"

#include <fmt/format.h>

namespace abt {

std::string_view outcome_name(ExplainOutcome outcome) {
  switch (outcome) {
    case ExplainOutcome::no_divergence: return "no_divergence";
    case ExplainOutcome::pass: return "pass";
    case ExplainOutcome::stage: return "stage";
    case ExplainOutcome::failed: return "failed";
  }
  return "?";
}

std::string_view skip_outcome_name(SkipOutcome outcome) {
  switch (outcome) {
    case SkipOutcome::restores_a: return "restores_a";
    case SkipOutcome::no_effect: return "no_effect";
    case SkipOutcome::other_code: return "other_code";
    case SkipOutcome::failed: return "failed";
  }
  return "?";
}

std::string explanation_text(const PassExplanation& explanation) {
  switch (explanation.outcome) {
    case ExplainOutcome::no_divergence: return "no divergence";
    case ExplainOutcome::pass: {
      const PassDivergence& divergence = explanation.divergence;
      std::string text = fmt::format("{} pass {}", stage_name(divergence.stage), divergence.pass);
      if (divergence.attributes_only)
        text += divergence.code ? fmt::format(" (module attributes only; the code first differs at {} pass {})",
                                              stage_name(divergence.code->stage), divergence.code->pass)
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
