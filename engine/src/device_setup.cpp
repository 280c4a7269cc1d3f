#include "device_setup.h"

#include "util/errors.h"
#include "util/files.h"
#ifdef ABTOOL_WITH_CUDA
#include "graphtime/device_clock_probe.h"
#include "graphtime/device_timer.h"
#include "launch/device_target.h"
#endif

namespace abt {
namespace {

// Where there is no device: every CUDA point fails with the reason (compiles still run).
class NoDeviceTarget : public ExecutionTarget {
 public:
  explicit NoDeviceTarget(std::string reason) : reason_(std::move(reason)) {}
  std::string kind() const override { return "cuda"; }
  std::unique_ptr<Workspace> make_workspace(const OpSpec&, const Point&, uint64_t) override {
    throw PointError("no CUDA device to run on: " + reason_);
  }
  std::unique_ptr<LoadedVariant> load(const std::filesystem::path&, const std::string&, const LaunchPlan&) override {
    throw PointError("no CUDA device to run on: " + reason_);
  }

 private:
  std::string reason_;
};

class NoDeviceTimer : public Timer {
 public:
  Measurement measure(const TimedCall&, const TimingSettings&) override { throw PointError("no CUDA device to time on"); }
};

}  // namespace

DeviceSetup::DeviceSetup(int ordinal, const std::string& arch_override) : ordinal_(ordinal) {
#ifdef ABTOOL_WITH_CUDA
  info_ = probe_device(ordinal, &why_not_);
#else
  why_not_ = "this abtool was built without CUDA";
#endif
  arch_ = !arch_override.empty() ? arch_override : info_ ? info_->arch : "";
}

DeviceSetup::~DeviceSetup() = default;

DeviceRecord DeviceSetup::record() const {
  DeviceRecord device;
  if (info_) device = info_->record();
  else device.unavailable = why_not_;
  device.index = ordinal_;
  device.compile_target = arch_;
  return device;
}

#ifdef ABTOOL_WITH_CUDA
namespace {

// A helper kernel of abtool's own (input generator, clock probe), built by the reference NVRTC.
std::string build_helper(const CompilerBackend& reference, const std::string& source, const std::string& kernel) {
  TempDir work("abtool-helper");
  write_file_atomically(work.path() / (kernel + ".cu"), source);
  CompileJob job{work.path() / (kernel + ".cu"), kernel, nullptr, {}, DType::fp32, work.path(), {}};
  CompiledVariant built = reference.compile(job);
  if (!built.ok) throw InputError("abtool's " + kernel + " kernel does not compile with the reference NVRTC: " + built.log);
  return read_text_file(built.binary);
}

}  // namespace
#endif

ExecutionTarget& DeviceSetup::target(const CompilerBackend& reference, TimerKind timer, const GraphFaultInjection& faults) {
  if (target_) return *target_;
#ifdef ABTOOL_WITH_CUDA
  if (info_) {
    const std::string fill = build_helper(reference, device_fill_source(), "abt_fill_fp32");
    const std::string probe = build_helper(reference, clock_probe_source(), kClockProbeKernel);
    const std::string check = build_helper(reference, device_check_source(), kDeviceCheckKernel);
    try {
      auto device = std::make_unique<DeviceTarget>(ordinal_, fill, check);
      timer_ = make_device_timer(*device, timer == TimerKind::cupti, faults);
      clock_ = make_device_clock_probe(*device, probe);
      pci_bus_id_ = device->context().pci_bus_id();
      target_ = std::move(device);
      return *target_;
    } catch (const PointError& error) {
      why_not_ = error.what();
    }
  }
#endif
  target_ = std::make_unique<NoDeviceTarget>(why_not_);
  timer_ = std::make_unique<NoDeviceTimer>();
  return *target_;
}

std::optional<std::vector<unsigned>> DeviceSetup::other_processes() {
  if (pci_bus_id_.empty()) return std::nullopt;
  if (!activity_) activity_ = make_nvml_activity();
  return activity_->other_processes(pci_bus_id_);
}

std::unique_ptr<GpuUtilization> DeviceSetup::sample_utilization() const {
  if (pci_bus_id_.empty()) return nullptr;
  return std::make_unique<GpuUtilization>(make_nvml_activity(), pci_bus_id_);
}

std::string DeviceSetup::why_not_busy() const {
  if (pci_bus_id_.empty()) return "no device";
  return activity_ ? activity_->unavailable_reason() : "";
}

Timer& DeviceSetup::timer() { return *timer_; }

// CUPTI's profiler on the device, opened by `open` once; null with the reason where it cannot.
template <typename Reader, typename Open>
const Reader* DeviceSetup::profiler_once(std::unique_ptr<Reader>& reader, bool& opened, Open open, std::string* why_not) {
  if (!opened) {
    opened = true;
#ifdef ABTOOL_WITH_CUDA
    if (auto* device = dynamic_cast<DeviceTarget*>(target_.get())) reader = open(*device, &counters_why_not_);
    else counters_why_not_ = "no CUDA device: " + why_not_;
#else
    (void)open;
    counters_why_not_ = "this abtool was built without CUDA";
#endif
  }
  if (!reader && why_not) *why_not = counters_why_not_;
  return reader.get();
}

const HardwareCounterReader* DeviceSetup::counter_reader(std::string* why_not) {
#ifdef ABTOOL_WITH_CUDA
  return profiler_once(counter_reader_, counters_opened_, make_cupti_counter_reader, why_not);
#else
  return profiler_once(counter_reader_, counters_opened_, nullptr, why_not);
#endif
}

const InstructionCounter* DeviceSetup::instruction_counter(std::string* why_not) {
#ifdef ABTOOL_WITH_CUDA
  return profiler_once(instruction_counter_, instructions_opened_, make_cupti_instruction_counter, why_not);
#else
  return profiler_once(instruction_counter_, instructions_opened_, nullptr, why_not);
#endif
}

}  // namespace abt
