// What the points of one op share during a run, in three parts with different lifetimes and
// rules: the context (fixed for the op), the services it reads from and writes to, and the
// state that changes as points run.
#pragma once
#include <set>
#include <string>

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
};

// Changes as the op's points run.
struct OpRunState {
  std::set<std::string> reported_compile_failures;  // each failing variant's log goes to run.log once
  std::string device_lost;  // set when a kernel faulted: nothing more can run on that device
};

struct OpSession {
  const OpContext& context;
  const OpServices& services;
  OpRunState& state;
};

}  // namespace abt
