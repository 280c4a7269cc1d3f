#include "engine/step.h"

#include <fmt/format.h>

namespace abt {

std::string Step::text() const {
  switch (kind) {
    case StepKind::choosing: return "compiling and choosing";
    case StepKind::verifying_choice: return "verifying the chosen variant";
    case StepKind::verifying_recorded_config: return "verifying A's config";
    case StepKind::sweep_candidate: return "sweep candidate " + variant;
    case StepKind::timing_round: return fmt::format("timing round {}", round);
    case StepKind::counting_instructions: return "counting instructions";
    case StepKind::reading_counters: return "reading hardware counters";
    case StepKind::counting_compile: return "counting the compile's instructions";
    case StepKind::measuring: return "measuring";
  }
  return "?";
}

}  // namespace abt
