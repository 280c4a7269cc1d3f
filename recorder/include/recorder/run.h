// A record or replay run as a library call, in two steps: plan (every input checked, the
// compilers found, nothing written: bad input never creates a run directory), then execute (the
// run directory, and every op's points through the engine, run_engine.h).
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "recorder/run_engine.h"
#include "recorder/run_request.h"
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

 private:
  RunRequest request_;
  std::unique_ptr<Resources> resources_;
  std::vector<PlannedOp> ops_;
  std::optional<std::set<std::string>> shard_points_;  // --shard: the ids this run measures
};

// --shard I/N (and --gpus): the points in plan order are cut into N consecutive parts of about
// equal expected cost, so each shard compiles few ops' variants and the shards finish together.
// A point's cost is its measurement (warm-up + rep, plus 0.3 s), and for a record its sweep:
// 0.03 s per config (load, verify, screen) and 0.05 s per finalist (sweep_finalists), fitted by
// hand to the per-point costs of an H200 record (bench/RESULTS.md). The same plan and settings always give the same parts.
std::set<std::string> shard_points(const std::vector<PlannedOp>& ops, const Shard& shard, RunMode mode,
                                   const TimingSettings& timing);

struct RunOutcome {
  std::filesystem::path dir;
  std::vector<PointRecord> points;
  int failed = 0;  // FAILED points
};

// What a replay adds to a run (replay/replay_run.cpp); a record uses none of it.
struct ReplayHooks {
  ConfigChooser* chooser = nullptr;            // A's configs (null: the sweep of `record`)
  const BaselineSource* baselines = nullptr;   // A's binaries, measured beside B's (interleaving)
  const ExtraRounds* extra_rounds = nullptr;   // more rounds for points the data cannot decide yet
};

// Runs the plan into a new run directory, or (request.resume) finishes the unfinished run there,
// measuring only the points it lacks; `echo` sees every run.log line; `watch` is told every step
// (a supervised worker). An InputError met midway marks the run aborted, Interrupted marks it
// interrupted; both propagate, as does DeviceLost (the run stays running, for the next worker).
RunOutcome execute_run(RunPlan& plan, const ReplayHooks& replay = {}, const RunDirectory::Echo& echo = {},
                       StepWatch* watch = nullptr);

}  // namespace abt
