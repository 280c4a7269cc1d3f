// Everything the points of one op share during a run: compiled variants, references, the IR
// dump, the autotune store, the timer and where results and log lines go.
#pragma once
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "graphtime/timer.h"
#include "irdump/ir_dump.h"
#include "irdump/variant_naming.h"
#include "launch/device_info.h"
#include "launch/execution_target.h"
#include "recorder/autotune_store.h"
#include "recorder/compile_cache.h"
#include "recorder/point_result.h"

namespace abt {

class RunSink {
 public:
  virtual ~RunSink() = default;
  virtual void log(const std::string& line) = 0;  // one plain line of run.log
  virtual void point_finished(const PointResult& result) = 0;
};

struct OpSession {
  const OpSpec& op;
  CompileCache& variants;
  CompileCache* references;  // null when the op skips verification for every dtype
  VariantNaming naming;
  IrDump& ir;
  AutotuneStore& store;
  ExecutionTarget& target;  // where the points run: host or a CUDA device
  const DeviceInfo* device;  // null for host ops: no roofline peaks
  Timer& timer;
  TimingSettings timing;
  uint64_t seed;
  RunSink& sink;
  std::set<std::string> reported_compile_failures;  // each failing variant's log goes to run.log once
  std::string device_lost;  // set when a kernel faulted: nothing more can run on that device
};

}  // namespace abt
