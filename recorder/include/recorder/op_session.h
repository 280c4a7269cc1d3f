// What the points of one op share during a run, in three parts with different lifetimes and
// rules: the context (fixed for the op), the services it reads from and writes to, and the
// state that changes as points run.
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>

#include "graphtime/clock_check.h"
#include "graphtime/timer.h"
#include "irdump/ir_dump.h"
#include "irdump/variant_naming.h"
#include "launch/device_info.h"
#include "launch/execution_target.h"
#include "recorder/compile_cache.h"
#include "rundir/autotune_store.h"
#include "rundir/run_directory.h"

namespace abt {

// Fixed for the op's whole run.
struct OpContext {
  const OpSpec& op;
  VariantNaming naming;
  TimingSettings timing;
  uint64_t seed = 0;
  const DeviceInfo* device = nullptr;  // null for host ops: no roofline peaks
  std::vector<Marker> conditions;      // every point of the op carries these (GPU_BUSY seen before it)
};

// Where an interleaved replay finds A's measured binary of a point (replay/): nullopt where A
// has none (A failed there, or a run older than bin/). `config` is the one B verified.
class BaselineSource {
 public:
  virtual ~BaselineSource() = default;
  virtual std::optional<CompiledVariant> baseline(const Point& point, const Config& config) const = 0;
};

// Replay only: more interleaved rounds for a point the data cannot yet decide (AMBIGUOUS).
struct ExtraRounds {
  double max_ms_per_point = 0;
  std::function<bool(const PointRecord&)> undecided;  // of a point with its baseline so far
};

// The measuring process reports each step of a point (worker/): its supervisor can then tell
// which point or sweep candidate a crash or a hang belongs to, and a SIGINT/SIGTERM stops the
// run at the next step.
class StepWatch {
 public:
  virtual ~StepWatch() = default;
  virtual void run_started(const std::filesystem::path& dir) = 0;
  // Before each step; `limited`: --point-timeout-s bounds it (compiles have their own limit).
  // Throws Interrupted once SIGINT or SIGTERM arrived.
  virtual void step(const Point& point, const std::string& kernel, const std::string& what, bool limited) = 0;
  // A sweep candidate that crashed or hung an earlier worker at this point: why; it is not run again.
  virtual std::optional<std::string> known_failure(const Point& point, const std::string& variant) const = 0;
};

// Where variants come from, run and are timed, and where everything learned goes.
struct OpServices {
  CompileCache& variants;
  CompileCache* references = nullptr;  // null when the op skips verification for every dtype
  ExecutionTarget& target;             // host or a CUDA device
  Timer& timer;
  IrDump& ir;
  AutotuneStore& store;
  RunSink& sink;
  ClockProbe* clock = nullptr;                  // GPU ops: every round's SM clock is checked
  const BaselineSource* baselines = nullptr;    // interleaved replays: A's code beside B's
  const ExtraRounds* extra_rounds = nullptr;
  StepWatch* watch = nullptr;                   // a supervised worker; null in library use
};

// Changes as the op's points run.
struct OpRunState {
  std::set<std::string> reported_compile_failures;  // each failing variant's log goes to run.log once
  std::string device_lost;  // set when a kernel faulted: nothing more can run on that device
  bool host_core_warm = false;  // host ops: the core was kept busy for --warmup-ms before the first batch's rounds
};

struct OpSession {
  const OpContext& context;
  const OpServices& services;
  OpRunState& state;
};

}  // namespace abt
