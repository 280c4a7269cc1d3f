// The machine a run measured on, as meta.json records it: the GPU (or why there is none) and the
// host. Typed, so merge, report and diff read fields, not keys of an opaque object.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace abt {

struct DeviceRecord {
  int index = 0;               // the CUDA ordinal it was opened as
  std::string compile_target;  // sm_90: the device's, or --arch; empty where there is neither
  std::optional<std::string> unavailable;  // why there is no device; the fields below are then unset
  std::string name;
  std::string uuid;    // which physical device, whatever the ordinal
  std::string cc;      // sm_90
  std::string driver;  // "13.0"
  int sm_count = 0;
  double sm_clock_max_mhz = 0, memory_clock_max_mhz = 0;
  uint64_t memory_bytes = 0;
  int memory_bus_bits = 0;
  double memory_bandwidth_gbps = 0;  // theoretical: 2 transfers per memory clock over the bus
  int l2_bytes = 0;
  int max_shared_per_block_optin = 0;

  bool present() const { return !unavailable && !name.empty(); }
  bool operator==(const DeviceRecord&) const = default;
};

struct HostRecord {
  std::string cpu;  // /proc/cpuinfo's model name
  unsigned logical_cores = 0;
  std::string kernel, hostname, arch;
  std::string cpufreq_governor;  // empty where the machine has no cpufreq
  // /proc/cpuinfo's flags, sorted: the instruction sets code built for this CPU (-march=native) may
  // use. A model name says too little: one name comes with and without AVX-512.
  std::vector<std::string> cpu_features;
  bool operator==(const HostRecord&) const = default;
};

}  // namespace abt
