// Hardware counters of a variant's call on a device (--counters), read after the point's timing:
// the dynamic "why" beside a verdict. Read in process with CUPTI's range profiler (docs/metrics.md,
// "Hardware counters": why not Nsight Compute's CLI): each call is one profiling session with kernel
// replay, CUPTI saving and restoring the device memory between its passes, so every pass sees
// the point's inputs; clocks are left as they are (the timing's own clock checks stand).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "counters/instruction_counter.h"
#include "launch/execution_target.h"
#include "model/gpu_counters.h"

namespace abt {

class DeviceTarget;

class HardwareCounterReader {
 public:
  virtual ~HardwareCounterReader() = default;
  // `reads` calls of each variant on the workspace's arguments (inputs restored, outputs poisoned
  // before each), alternating between the variants, each call's counters read; per variant in
  // the order given. Throws CountError (the point keeps its time), DeviceFault (a kernel faulted:
  // the device is lost, as in timing).
  virtual std::vector<CounterReads> read(Workspace& workspace, const std::vector<const LoadedVariant*>& variants,
                                         int reads) const = 0;
};

// CUPTI's range profiler on `device`. Null, with why in `why_not`, where it cannot profile here
// (no libcupti, a device or VM that refuses profiling, a chip CUPTI does not know): the caller
// warns and runs without counters.
std::unique_ptr<HardwareCounterReader> make_cupti_counter_reader(const DeviceTarget& device, std::string* why_not);

// --metric instructions on a device: SASS instructions executed by each call (warp-level, all
// its kernels), kCountedCalls calls per variant, each its own profiling session. Null with
// `why_not` as above.
std::unique_ptr<InstructionCounter> make_cupti_instruction_counter(const DeviceTarget& device, std::string* why_not);

}  // namespace abt
