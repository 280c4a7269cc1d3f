// CUDA ops run here: one device, its primary context and one stream on which every launch,
// reset, poison and timing event of a run is ordered.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "launch/cuda_driver.h"
#include "launch/device_info.h"
#include "launch/execution_target.h"

namespace abt {

// The counter-based input generator as CUDA source: kernels abt_fill_<dtype> that write element i
// of argument a under seed s as a pure function of (s, a, i), the same function as counter_rng.h.
const std::string& device_fill_source();
// The verification gate's comparison as a CUDA kernel (abt_check_outputs): sweep candidates are
// checked where their outputs are, without copying them to the host.
const std::string& device_check_source();
inline constexpr const char* kDeviceCheckKernel = "abt_check_outputs";
inline constexpr size_t kCheckCounters = 5;  // per output: max abs, max rel, mismatches, first index, max |want|
inline constexpr const char* kDeviceDigestKernel = "abt_digest_pieces";

class DeviceTarget : public ExecutionTarget {
 public:
  // `fill_cubin` is device_fill_source() compiled for this device by the reference compiler;
  // `check_cubin` device_check_source() (empty: outputs are checked on the host only).
  DeviceTarget(int ordinal, const std::string& fill_cubin, const std::string& check_cubin = {});  // throws PointError
  ~DeviceTarget() override;

  std::string kind() const override { return "cuda"; }
  std::unique_ptr<Workspace> make_workspace(const OpSpec& op, const Point& point, uint64_t seed) override;
  std::unique_ptr<LoadedVariant> load(const std::filesystem::path& binary, const std::string& entry_symbol,
                                      const LaunchPlan& plan) override;

  const DeviceContext& context() const { return *context_; }
  const DeviceStream& stream() const { return *stream_; }
  const DeviceInfo& info() const { return info_; }
  // Fills `count` elements at `address` with the generator (an enqueued launch).
  void fill(CUdeviceptr address, DType dtype, size_t count, const InitSpec& init, uint64_t seed, uint64_t stream) const;
  bool can_check() const { return check_module_ != nullptr; }
  // Enqueues the comparison of `count` elements of `got` with `want` into the kCheckCounters
  // counters at `result` (device_check_source()).
  void check(CUdeviceptr got, CUdeviceptr want, DType dtype, size_t count, const Tolerance& tolerance,
             CUdeviceptr result) const;
  // Enqueues the SHA-256 of each piece of `bytes` bytes at `data` (util/piece_digest.h), 32 bytes
  // each at `digests`. Needs can_check().
  void digest(CUdeviceptr data, size_t bytes, CUdeviceptr digests) const;

 private:
  std::unique_ptr<DeviceContext> context_;
  std::unique_ptr<DeviceStream> stream_;
  std::unique_ptr<DeviceModule> fill_module_, check_module_;
  DeviceInfo info_;
};

// The device this machine would measure on: nullptr, with the reason, where there is none.
std::optional<DeviceInfo> probe_device(int ordinal, std::string* why_not);

}  // namespace abt
