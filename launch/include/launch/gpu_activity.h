// Who else computes on a GPU (GPU_BUSY, SPEC section 6): from NVML (libnvidia-ml.so.1, opened at
// run time like NVRTC, so abtool starts where there is none).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace abt {

class GpuActivity {
 public:
  virtual ~GpuActivity() = default;
  // Process ids other than this one running compute work on the device with this PCI bus id;
  // nullopt when that cannot be told (no NVML, an unknown device).
  virtual std::optional<std::vector<unsigned>> other_processes(const std::string& pci_bus_id) = 0;
  virtual std::string unavailable_reason() const = 0;
};

std::unique_ptr<GpuActivity> make_nvml_activity();

}  // namespace abt
