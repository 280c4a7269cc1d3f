#include "engine/gpu_busy.h"

#include <fmt/format.h>

namespace abt {

std::vector<Marker> GpuBusyCheck::conditions(const std::optional<std::vector<unsigned>>& others,
                                             const std::string& why_unknown, RunSink& sink) {
  if (!others) {
    if (!said_unknown_) sink.log("GPU_BUSY cannot be checked: " + why_unknown);
    said_unknown_ = true;  // once per run: NVML is either there or not
    return {};
  }
  if (others->empty()) return {};
  Marker busy = gpu_busy_marker(*others);
  sink.log(fmt::format("WARNING: {} other process(es) compute on this GPU ({}); the op's points carry {}", others->size(),
                       busy.detail, busy.text()));
  return {busy};
}

}  // namespace abt
