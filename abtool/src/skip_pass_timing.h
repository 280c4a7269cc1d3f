// explain --skip-passes --time: B's points replayed, A's binary timed beside them, with each
// candidate pass left out, and judged against A: which pass, left out, brings B's time back to A's.
#pragma once
#include <filesystem>
#include <vector>

#include "passes/explanation.h"
#include "rundir/run_data.h"
#include "verdict/verdict.h"

namespace abt {

// One `abtool replay --from A --points ...` per pass, of the points whose code leaving it out
// changed (restores_a, other_code), into `work`/<pass>/ (a new folder each, outside A and B): B's
// compiler, flags, environment, ops and timing with the pass's flag added (abtool_skip_passes=NAME,
// -fdisable-tree-NAME). Each such
// SkippedPass gets its `timed`; a replay that fails is its candidates' error, never the command's.
void time_skipped_passes(const RunData& a, const RunData& b, std::vector<PointExplanation>& points,
                         const std::filesystem::path& work, const JudgingRule& rule);

}  // namespace abt
