#include "graphtime/device_clock_probe.h"

#include <array>

namespace abt {
namespace {

class DeviceClockProbe : public ClockProbe {
 public:
  DeviceClockProbe(const DeviceTarget& target, const std::string& cubin)
      : target_(target), module_(target.context(), cubin), function_(module_.function(kClockProbeKernel)),
        result_(target.context(), 2 * sizeof(unsigned long long)) {}

  double sm_clock_mhz() override {
    const CudaDriver& driver = target_.context().driver();
    CUdeviceptr out = result_.pointer();
    void* params[] = {&out};
    driver.check(driver.launch(function_, 1, 1, 1, 1, 1, 1, 0, target_.stream().get(), params, nullptr),
                 "launching the clock probe");
    target_.stream().synchronize("the clock probe");
    std::array<unsigned long long, 2> counts{};
    result_.download(counts.data());
    return counts[1] ? 1000.0 * double(counts[0]) / double(counts[1]) : 0.0;  // cycles per ns, in MHz
  }
  double max_clock_mhz() const override { return target_.info().sm_clock_mhz; }

 private:
  const DeviceTarget& target_;
  DeviceModule module_;
  CUfunction function_;
  DeviceBuffer result_;
};

}  // namespace

std::unique_ptr<ClockProbe> make_device_clock_probe(const DeviceTarget& target, const std::string& probe_cubin) {
  return std::make_unique<DeviceClockProbe>(target, probe_cubin);
}

}  // namespace abt
