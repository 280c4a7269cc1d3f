// `abtool replay --from A`: B's run with A's choices, through the recorder's plan -> run API.
#pragma once
#include "verdict/verdict.h"
#include "engine/run.h"

namespace abt {

struct ReplayOptions {
  // Measure A's stored binary beside B's in this process (SPEC section 4); false: --no-interleave.
  bool interleave = true;
  // Extra interleaved rounds, per point, for points the data cannot decide yet (--max-extra-ms).
  double max_extra_ms = 1000;
  double threshold_pct = kDefaultThresholdPct;  // the change that matters when deciding that (diff's --threshold)
  // B also sweeps its own best config per key and measures it beside A's (--retune).
  bool retune = false;
  // An A/A is meant (--aa): no warning that B's compiler, flags and environment are A's.
  bool aa = false;
};

// Opens A, resolves B's request from A's selection and the options given, and runs it with A's
// recorded configs. Throws InputError (exit 2) for a bad or damaged A.
RunOutcome replay_run(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay = {},
                      const RunDirectory::Echo& echo = {}, StepWatch* watch = nullptr);

}  // namespace abt
