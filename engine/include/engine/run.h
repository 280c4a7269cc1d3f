// A record or replay run as a library call, in two steps: plan (every input checked, the
// compilers found, nothing written: bad input never creates a run directory), then execute (the
// run directory, and every op's points through the point engine, point_engine.h). What makes a
// run a record or a replay is what it hands the engine (RunHooks): recorder/record_run.h and
// replay/replay_run.h.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "engine/point_engine.h"
#include "engine/round_policy.h"
#include "engine/run_request.h"
#include "engine/side_plan.h"
#include "rundir/run_directory.h"

namespace abt {

struct PlannedOp {
  OpSpec spec;
  std::vector<Point> points;
};

class RunPlan {
 public:
  explicit RunPlan(RunRequest request);  // throws InputError
  ~RunPlan();
  RunPlan(RunPlan&&) noexcept;

  const RunRequest& request() const { return request_; }
  // Every point of the selection, shard or not: variant names and shapes.yaml come from these,
  // so the shards of a run name their files alike and `abtool merge` can join them.
  const std::vector<PlannedOp>& ops() const { return ops_; }
  // Whether this run measures the point: always, unless --shard; then its part of the points.
  bool measures(const std::string& point_id) const;

  struct Resources;  // the device, the compiler under test, the reference compilers, the shape set
  Resources& resources() { return *resources_; }
  // What the compiler under test is, as meta.json records it (a replay compares it with A's).
  CompilerFingerprint compiler_fingerprint() const;

 private:
  void check_captured_tensors();
  void choose_points();
  RunRequest request_;
  std::unique_ptr<Resources> resources_;
  std::vector<PlannedOp> ops_;
  std::optional<std::set<std::string>> shard_points_;  // --shard: the ids this run measures
  std::optional<std::set<std::string>> chosen_points_;  // --points: the ids this run measures
  std::optional<std::set<std::string>> a_has_points_;   // a replay of an unfinished A: the ids A has
};

// What the plan expects one of an op's points to cost before any point has run: its choice (a
// record's sweep: 0.03 s per config to load, verify and screen it and 0.05 s per finalist
// (sweep_finalists), plus 0.3 s) and its rounds (warm-up + rep), fitted by hand to the per-point
// costs of an H200 record (bench/RESULTS.md). The shards' split and the ETA's first estimate.
struct PointCostEstimate {
  double choice_s = 0, rounds_s = 0;
  double total_s() const { return choice_s + rounds_s; }
};
PointCostEstimate planned_point_cost(const PlannedOp& op, RunMode mode, const TimingSettings& timing, bool full_sweep);

// --shard I/N (and --gpus): the plan's points cut into N consecutive parts of about equal
// expected cost (planned_point_cost; shards/shard_split.h), so each shard compiles few ops'
// variants and the shards finish together.
std::set<std::string> shard_points(const std::vector<PlannedOp>& ops, const Shard& shard, RunMode mode,
                                   const TimingSettings& timing, bool full_sweep);

struct RunOutcome {
  std::filesystem::path dir;
  std::vector<PointRecord> points;
  int failed = 0;  // FAILED points
};

// What the engine is given to run a plan's points: how each point's config is chosen, what is
// timed beside it, and whether it gets more rounds. A record: its sweep alone; a replay: A's
// configs, A's code and B's own best beside B's, and more rounds while undecided.
struct RunHooks {
  ConfigChooser& chooser;
  const SidePlan* sides = nullptr;
  const RoundPolicy* rounds = nullptr;
};

// Runs the plan into a new run directory, or (request.resume) finishes the unfinished run there,
// measuring only the points it lacks; `echo` sees every run.log line; `watch` is told every step
// (a supervised worker). An InputError met midway marks the run aborted, Interrupted marks it
// interrupted; both propagate, as does DeviceLost (the run stays running, for the next worker).
RunOutcome execute_run(RunPlan& plan, const RunHooks& hooks, const RunDirectory::Echo& echo = {},
                       StepWatch* watch = nullptr);

}  // namespace abt
