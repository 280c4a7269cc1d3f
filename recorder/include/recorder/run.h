// A record or replay run as a library call, in two steps: plan (every input checked, the
// compilers found, nothing written: bad input never creates a run directory), then execute (the
// run directory, and every op's points through the engine, run_engine.h).
#pragma once
#include <filesystem>
#include <memory>
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
  const std::vector<PlannedOp>& ops() const { return ops_; }

  struct Resources;  // the device, the compiler under test, the reference compilers, the shape set
  Resources& resources() { return *resources_; }

 private:
  RunRequest request_;
  std::unique_ptr<Resources> resources_;
  std::vector<PlannedOp> ops_;
};

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
