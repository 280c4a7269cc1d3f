// GPU_BUSY (SPEC section 6): before each CUDA op, the other processes computing on the device
// become a warning in run.log and a marker on each of the op's points.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/markers.h"
#include "rundir/run_directory.h"

namespace abt {

class GpuBusyCheck {
 public:
  // `others`: what NVML said (nullopt: it could not tell, `why_unknown` says why; logged once).
  std::vector<Marker> conditions(const std::optional<std::vector<unsigned>>& others, const std::string& why_unknown,
                                 RunSink& sink);

 private:
  bool said_unknown_ = false;
};

}  // namespace abt
