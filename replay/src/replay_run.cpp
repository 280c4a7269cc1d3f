#include "replay/replay_run.h"

#include "replay/extra_rounds.h"
#include "replay/replay_chooser.h"
#include "replay/replay_sides.h"
#include "replay/replay_source.h"
#include "replay/stored_baselines.h"

namespace abt {

RunOutcome replay_run(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay,
                      const RunDirectory::Echo& echo, StepWatch* watch) {
  RecordRun a = open_record_run(from);
  RunRequest request = resolve_request(options, RunMode::replay, a.defaults());
  request.replay_from = a.layout.dir();
  request.replay_from_run_id = a.meta.run_id;
  RunPlan plan(std::move(request));
  // Before anything is measured: an A/A can show no compiler effect, and people run one by mistake.
  if (!replay.aa && echo && plan.compiler_fingerprint() == a.meta.compiler)
    echo("WARNING: B's compiler, flags and environment are A's, so this replay is an A/A and can show no compiler "
         "effect; for an A/B give B --compiler, --compiler-flags or --compiler-env (--aa: an A/A is meant)");
  // With --retune, B's autotune record holds B's own sweep's choices, not A's configs.
  ReplayChooser pinned(*a.record, !replay.retune);
  // A's binaries: measured beside B's (interleaved), and where A's output is a point's reference.
  StoredBaselines baselines(read_run(a.layout.dir(), ResultsFile::Samples::skip));
  const ReplaySides sides(baselines, replay.interleave, replay.retune);
  const ExtraRounds extra(replay.threshold_pct, replay.max_extra_ms);
  return execute_run(plan, RunHooks{.chooser = pinned, .sides = &sides, .rounds = replay.interleave ? &extra : nullptr},
                     echo, watch);
}

}  // namespace abt
