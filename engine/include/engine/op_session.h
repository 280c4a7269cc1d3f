// What the points of one op share during a run, in three parts with different lifetimes and
// rules: the context (fixed for the op), the services it reads from and writes to, and the
// state that changes as points run.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engine/compile_cache.h"
#include "counters/hardware_counters.h"
#include "counters/instruction_counter.h"
#include "engine/step.h"
#include "graphtime/clock_check.h"
#include "graphtime/timer.h"
#include "irdump/ir_dump.h"
#include "irdump/variant_naming.h"
#include "launch/device_info.h"
#include "launch/execution_target.h"
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
  bool full_sweep = false;             // sweeps time every verified candidate fully (sweep_budget.h)
};

class SidePlan;
class RoundPolicy;
class AfterTiming;  // engine/src/after_timing.h

// The measuring process reports each step of a point (worker/): its supervisor can then tell
// which point or sweep candidate a crash or a hang belongs to, and a SIGINT/SIGTERM stops the
// run at the next step.
class StepWatch {
 public:
  virtual ~StepWatch() = default;
  virtual void run_started(const std::filesystem::path& dir) = 0;
  // Before each step. Throws Interrupted once SIGINT or SIGTERM arrived.
  virtual void step(const Point& point, const std::string& kernel, const Step& step) = 0;
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
  ClockProbe* clock = nullptr;         // GPU ops: every round's SM clock is checked
  const SidePlan* sides = nullptr;     // what is timed beside each point's own variant; null: nothing (a record)
  const RoundPolicy* rounds = nullptr; // whether a point gets rounds beyond the regular ones; null: never
  StepWatch* watch = nullptr;          // a supervised worker; null in library use
  // What is measured after each batch's timing rounds, in order (engine/src/after_timing.h): instruction
  // counts, hardware counters, compile counts, as the run asked; empty: time alone.
  std::vector<const AfterTiming*> after_timing;
};

// Changes as the op's points run.
struct OpRunState {
  std::set<std::string> reported_compile_failures;  // each failing variant's log goes to run.log once
  std::string device_lost;  // set when a kernel faulted: nothing more can run on that device
  bool host_core_warm = false;  // host ops: the core was kept busy for --warmup-ms before the first batch's rounds
  double host_core_warmup_s = 0;  // ... for this long: in no point's time, so run.log's summary says it
  // --compile-instructions: each measured binary's compile counted once (by binary hash), or why not.
  std::map<std::string, std::variant<CompileProfile, std::string>> counted_compiles;
};

struct OpSession {
  const OpContext& context;
  const OpServices& services;
  OpRunState& state;
};

}  // namespace abt
