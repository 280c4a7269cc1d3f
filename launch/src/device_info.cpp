#include "util/environment.h"
#include "launch/device_info.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>

namespace abt {
namespace {

// Dense flops per SM per clock (an FMA counts 2) from NVIDIA's architecture whitepapers.
struct ArchRates {
  double fp32, fp64, half_simt, tensor_half, tensor_fp64;
};

const std::map<std::string, ArchRates>& arch_table() {
  static const std::map<std::string, ArchRates> table{
      {"sm_80", {128, 64, 256, 2048, 128}},   // A100
      {"sm_86", {256, 4, 256, 1024, 0}},      // GA10x
      {"sm_89", {256, 4, 256, 1024, 0}},      // AD10x (dense fp16 with fp32 accumulate halves on GeForce)
      {"sm_90", {256, 128, 512, 4096, 256}},  // H100 / H200
      {"sm_100", {256, 128, 512, 8192, 256}}, // B200
  };
  return table;
}

}  // namespace

double DeviceInfo::memory_bandwidth_gbps() const { return 2.0 * memory_clock_mhz * 1e6 * (memory_bus_bits / 8.0) / 1e9; }

DeviceRecord DeviceInfo::record() const {
  DeviceRecord device;
  device.index = index;
  device.name = name;
  device.uuid = uuid;
  device.cc = arch;
  device.driver = fmt::format("{}.{}", driver_version / 1000, driver_version % 1000 / 10);
  device.sm_count = sm_count;
  device.sm_clock_max_mhz = sm_clock_mhz;
  device.memory_clock_max_mhz = memory_clock_mhz;
  device.memory_bytes = memory_bytes;
  device.memory_bus_bits = memory_bus_bits;
  device.memory_bandwidth_gbps = memory_bandwidth_gbps();
  device.l2_bytes = l2_bytes;
  device.max_shared_per_block_optin = max_shared_per_block_optin;
  return device;
}

PeakRates device_peaks(const DeviceInfo& device, DType dtype, ComputeUnit unit) {
  PeakRates peaks;
  std::string compute_source, memory_source = "bus width x memory clock";
  if (auto it = arch_table().find(device.arch); it != arch_table().end()) {
    const ArchRates& rates = it->second;
    double per_clock = 0;
    const bool half = dtype == DType::fp16 || dtype == DType::bf16;
    if (unit == ComputeUnit::tensor) per_clock = half ? rates.tensor_half : dtype == DType::fp64 ? rates.tensor_fp64 : 0;
    else per_clock = half ? rates.half_simt : dtype == DType::fp64 ? rates.fp64 : dtype == DType::fp32 ? rates.fp32 : 0;
    if (per_clock > 0) {
      peaks.tflops = per_clock * device.sm_count * device.sm_clock_mhz * 1e6 / 1e12;
      compute_source = fmt::format("{} {} table x {} SMs x {} MHz", device.arch, unit == ComputeUnit::tensor ? "tensor" : "simt",
                                   device.sm_count, device.sm_clock_mhz);
    }
  }
  if (device.memory_clock_mhz > 0 && device.memory_bus_bits > 0) peaks.gbps = device.memory_bandwidth_gbps();
  if (auto tflops = environment().peak_tflops) {
    peaks.tflops = tflops;
    compute_source = "ABTOOL_PEAK_TFLOPS";
  }
  if (auto gbps = environment().peak_gbps) {
    peaks.gbps = gbps;
    memory_source = "ABTOOL_PEAK_GBPS";
  }
  peaks.source = "compute: " + (compute_source.empty() ? std::string("unknown (set ABTOOL_PEAK_TFLOPS)") : compute_source) +
                 "; memory: " + memory_source;
  return peaks;
}

}  // namespace abt
