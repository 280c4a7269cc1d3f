// The GPU side of a run: which device (if any) the points run on, what the CUDA backends target,
// and the timer for CUDA ops. Builds without CUDA, and machines without a device, get a setup
// whose CUDA points fail with the reason, while host ops run as usual.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "compilers/compiler.h"
#include "counters/hardware_counters.h"
#include "graphtime/clock_check.h"
#include "graphtime/graph_plan.h"
#include "graphtime/timer.h"
#include "launch/device_info.h"
#include "launch/execution_target.h"
#include "launch/gpu_activity.h"

namespace abt {

class DeviceSetup {
 public:
  // Probes GPU `ordinal`. `arch_override` (--arch) replaces the device's architecture as the
  // compile target, and is the only target where there is no device.
  DeviceSetup(int ordinal, const std::string& arch_override);
  ~DeviceSetup();

  const std::string& arch() const { return arch_; }  // empty: no CUDA target at all
  const DeviceInfo* info() const { return info_ ? &*info_ : nullptr; }
  const std::string& unavailable_reason() const { return why_not_; }
  DeviceRecord record() const;  // meta.json "gpu"

  // The device target and its timer, opened on first use (the input generator is compiled by
  // `reference`, the embedded NVRTC). Without a device: a target whose points fail with the reason.
  ExecutionTarget& target(const CompilerBackend& reference, TimerKind timer, const GraphFaultInjection& faults);
  Timer& timer();
  ClockProbe* clock() { return clock_.get(); }  // null without a device
  // After target(): CUPTI's range profiler on the device, opened on first use. Null where it
  // cannot profile (no device, no libcupti, profiling refused), with the reason in `why_not`.
  const HardwareCounterReader* counter_reader(std::string* why_not);
  const InstructionCounter* instruction_counter(std::string* why_not);
  // Other processes computing on the device now (GPU_BUSY); nullopt: cannot tell (why_not_busy()).
  std::optional<std::vector<unsigned>> other_processes();
  std::string why_not_busy() const;
  // After target(): NVML's utilization of the device sampled from now on; null without a device.
  std::unique_ptr<GpuUtilization> sample_utilization() const;

 private:
  int ordinal_;
  std::string arch_;
  std::optional<DeviceInfo> info_;
  std::string why_not_;
  std::unique_ptr<ExecutionTarget> target_;
  std::unique_ptr<Timer> timer_;
  std::unique_ptr<ClockProbe> clock_;
  std::unique_ptr<GpuActivity> activity_;
  template <typename Reader, typename Open>
  const Reader* profiler_once(std::unique_ptr<Reader>& reader, bool& opened, Open open, std::string* why_not);
  std::unique_ptr<HardwareCounterReader> counter_reader_;
  std::unique_ptr<InstructionCounter> instruction_counter_;
  std::string counters_why_not_;
  bool counters_opened_ = false, instructions_opened_ = false;
  std::string pci_bus_id_;
};

}  // namespace abt
