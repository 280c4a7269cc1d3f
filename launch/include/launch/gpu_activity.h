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
  // The percentage of NVML's last sample period (1/6 s to 1 s) in which a kernel ran on the
  // device; nullopt when that cannot be told.
  virtual std::optional<unsigned> utilization_pct(const std::string& pci_bus_id) = 0;
  virtual std::string unavailable_reason() const = 0;
};

std::unique_ptr<GpuActivity> make_nvml_activity();

// How busy the device was while a run measured: NVML's utilization read every 100 ms on a thread
// of its own, from construction to busy_fraction(), averaged. What nvidia-smi shows as GPU-Util.
class GpuUtilization {
 public:
  GpuUtilization(std::unique_ptr<GpuActivity> activity, std::string pci_bus_id);
  ~GpuUtilization();
  GpuUtilization(const GpuUtilization&) = delete;
  GpuUtilization& operator=(const GpuUtilization&) = delete;
  // Stops sampling; the mean of the samples in [0, 1], nullopt when there were none (no NVML).
  std::optional<double> busy_fraction();

 private:
  struct Sampler;
  std::unique_ptr<Sampler> sampler_;
};

}  // namespace abt
