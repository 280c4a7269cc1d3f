// The metrics abtool asks CUPTI for, and how one call's kernels (one profiler range each) become
// its GpuCounters. No CUDA here: tested on machines without a GPU.
#pragma once
#include <string>
#include <vector>

#include "model/gpu_counters.h"

namespace abt {

// Nsight Compute's names, in the order a profiler range's values come: the kernel's duration, each
// counter row's (model/metric.h), each stall reason's.
std::vector<std::string> counter_metric_names();
inline constexpr const char* kDurationMetric = "gpu__time_duration.sum";
inline constexpr const char* kInstructionsMetric = "smsp__inst_executed.sum";  // --metric instructions on a device

// One range's values, in counter_metric_names() order, folded as each row says (counts summed,
// ratios weighted by each kernel's duration). Throws std::invalid_argument when a range holds the
// wrong number of values.
GpuCounters combine_ranges(const std::vector<std::vector<double>>& ranges, const std::string& tool);

}  // namespace abt
