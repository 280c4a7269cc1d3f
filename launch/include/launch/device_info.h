// What meta.json and the roofline know about a GPU: its attributes, and the peak rates derived
// from them (memory bandwidth from the bus; compute from a table of known architectures).
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "model/machine_record.h"
#include "opspec/dtype.h"

namespace abt {

struct DeviceInfo {
  std::string name;
  int index = 0;     // the CUDA ordinal it was opened as
  std::string uuid;  // "GPU-8f5c1a2b-...": which physical device, whatever the ordinal
  std::string arch;  // sm_90
  int sm_count = 0;
  int driver_version = 0;   // 13000 = 13.0
  double sm_clock_mhz = 0;  // the attribute's (maximum) clock
  double memory_clock_mhz = 0;
  int memory_bus_bits = 0;
  size_t memory_bytes = 0;
  int l2_bytes = 0;
  int max_shared_per_block_optin = 0;
  double memory_bandwidth_gbps() const;  // theoretical: 2 transfers per memory clock over the bus
  DeviceRecord record() const;  // meta.json's view of it
};

// Which units an op's flops run on (the spec's `metrics.peak`): CUDA cores or tensor cores.
enum class ComputeUnit { simt, tensor };

struct PeakRates {
  std::optional<double> tflops;  // dense, at the device's maximum SM clock
  std::optional<double> gbps;
  std::string source;  // how they were obtained, for meta.json and results.json
};

// Peaks for one dtype: per-SM-per-clock rates of the architecture x SMs x maximum clock, and the
// theoretical memory bandwidth. ABTOOL_PEAK_TFLOPS / ABTOOL_PEAK_GBPS override either one (for a
// GPU missing from the table, or to use a measured or datasheet figure instead).
PeakRates device_peaks(const DeviceInfo& device, DType dtype, ComputeUnit unit);

}  // namespace abt
