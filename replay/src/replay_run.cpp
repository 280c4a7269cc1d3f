#include "replay/replay_run.h"

#include <fmt/format.h>

#include "replay/extra_rounds.h"
#include "replay/replay_chooser.h"
#include "replay/replay_sides.h"
#include "replay/replay_source.h"
#include "replay/stored_baselines.h"

namespace abt {
namespace {

// A that did not finish (killed, interrupted, stopped by a full disk) has no choice for the points
// it did not reach: replayed, each would be a sweep of B's own, marked and untrusted. So B measures
// the points A has (of its --shard: the shards of several machines still cover them once), unless
// --points names which.
void only_what_a_has(const RecordRun& a, RunRequest& request) {
  if (!request.points.empty()) return;
  std::vector<std::string> ids;
  for (const PointRecord& point : a.points.results.points) ids.push_back(point.id());
  request.unfinished_a_points = std::move(ids);
}

std::string unfinished_a_warning(const RecordRun& a, const RunPlan& plan) {
  const std::string resume = "`abtool record --resume " + a.layout.dir().string() + "`";
  const std::string status(spelling(a.meta.status));
  if (!plan.request().unfinished_a_points)
    return fmt::format("WARNING: A did not finish (status {}): a point it has no choice for is swept by B and marked; {} "
                       "finishes A",
                       status, resume);
  size_t measured = 0, selection = 0;
  for (const auto& op : plan.ops())
    for (const auto& point : op.points) {
      ++selection;
      measured += plan.measures(point.id());
    }
  if (plan.request().shard)
    return fmt::format("WARNING: A did not finish (status {}): B measures the {} point(s) of --shard {} that A has (of a "
                       "selection of {}); {} measures the rest",
                       status, measured, plan.request().shard->text(), selection, resume);
  return fmt::format("WARNING: A did not finish (status {}): B measures the {} of its {} point(s) that A has; {} measures the "
                     "rest",
                     status, measured, selection, resume);
}

}  // namespace

RunOutcome replay_run(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay,
                      const RunDirectory::Echo& echo, StepWatch* watch) {
  RecordRun a = open_record_run(from);
  RunRequest request = resolve_request(options, RunMode::replay, a.defaults());
  request.replay_from = a.layout.dir();
  request.replay_from_run_id = a.meta.run_id;
  const bool a_unfinished = a.meta.status != RunStatus::finished;
  if (a_unfinished) only_what_a_has(a, request);
  RunPlan plan(std::move(request));
  if (a_unfinished && echo) echo(unfinished_a_warning(a, plan));
  // Before anything is measured: an A/A can show no compiler effect, and people run one by mistake.
  if (!replay.aa && echo && plan.compiler_fingerprint() == a.meta.compiler)
    echo("WARNING: B's compiler, flags and environment are A's, so this replay is an A/A and can show no compiler "
         "effect; for an A/B give B --compiler, --compiler-flags or --compiler-env (--aa: an A/A is meant)");
  // With --retune, B's autotune record holds B's own sweep's choices, not A's configs.
  ReplayChooser pinned(*a.record, !replay.retune);
  // A's binaries: measured beside B's (interleaved), and where A's output is a point's reference.
  StoredBaselines baselines(a.points);
  const ReplaySides sides(baselines, replay.interleave, replay.retune);
  const ExtraRounds extra(replay.threshold_pct, replay.max_extra_ms);
  return execute_run(plan, RunHooks{.chooser = pinned, .sides = &sides, .rounds = replay.interleave ? &extra : nullptr},
                     echo, watch);
}

}  // namespace abt
