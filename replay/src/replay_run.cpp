#include "replay/replay_run.h"

#include "compare/verdict.h"
#include "replay/replay_chooser.h"
#include "replay/replay_source.h"
#include "replay/stored_baselines.h"

namespace abt {

RunOutcome replay_run(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay,
                      const RunDirectory::Echo& echo, StepWatch* watch) {
  RecordRun a = open_record_run(from);
  RunRequest request = resolve_request(options, RunMode::replay, a.defaults());
  request.replay_from = a.layout.dir();
  RunPlan plan(std::move(request));
  ReplayChooser pinned(*a.record);
  RetuningChooser retuning(*a.record);
  ReplayHooks hooks{.chooser = replay.retune ? static_cast<ConfigChooser*>(&retuning) : &pinned};
  std::unique_ptr<StoredBaselines> baselines;
  VerdictRule rule{replay.threshold_pct};
  rule.pairing = Pairing::by_round;  // as diff decides an interleaved pair
  ExtraRounds extra{replay.max_extra_ms, [rule](const PointRecord& point) {
                      const Measurement& a_now = point.baseline->measurement;
                      return decide({a_now.samples_us, a_now.round_sizes},
                                    {point.measurement.samples_us, point.measurement.round_sizes}, rule)
                                 .verdict == Verdict::ambiguous;
                    }};
  if (replay.interleave) {
    baselines = std::make_unique<StoredBaselines>(read_run(a.layout.dir()));
    hooks.baselines = baselines.get();
    hooks.extra_rounds = &extra;
  }
  return execute_run(plan, hooks, echo, watch);
}

}  // namespace abt
