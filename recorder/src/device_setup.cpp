#include "device_setup.h"

#include "util/errors.h"
#include "util/files.h"
#ifdef ABTOOL_WITH_CUDA
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

nlohmann::json DeviceSetup::to_json() const {
  nlohmann::json json = info_ ? info_->to_json() : nlohmann::json{{"unavailable", why_not_}};
  json["index"] = ordinal_;
  json["compile_target"] = arch_;
  return json;
}

ExecutionTarget& DeviceSetup::target(const CompilerBackend& reference, TimerKind timer, const GraphFaultInjection& faults) {
  if (target_) return *target_;
#ifdef ABTOOL_WITH_CUDA
  if (info_) {
    TempDir work("abtool-fill");
    write_file_atomically(work.path() / "abt_fill.cu", device_fill_source());
    CompileJob job{work.path() / "abt_fill.cu", "abt_fill_fp32", nullptr, {}, DType::fp32, work.path(), {}};
    CompiledVariant fill = reference.compile(job);
    if (!fill.ok) throw InputError("the device input generator does not compile with the reference NVRTC: " + fill.log);
    try {
      auto device = std::make_unique<DeviceTarget>(ordinal_, read_text_file(fill.binary));
      timer_ = make_device_timer(*device, timer == TimerKind::cupti, faults);
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

Timer& DeviceSetup::timer() { return *timer_; }

}  // namespace abt
