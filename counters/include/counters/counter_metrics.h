// The metrics abtool asks CUPTI for, and how one call's kernels (one profiler range each) become
// its GpuCounters. No CUDA here: tested on machines without a GPU.
#pragma once
#include <string>
#include <vector>

#include "model/gpu_counters.h"

namespace abt {

// Nsight Compute's names, in the order read_counters() expects their values.
const std::vector<std::string>& counter_metric_names();
inline constexpr const char* kInstructionsMetric = "smsp__inst_executed.sum";

// One range's values, in counter_metric_names() order. Sums of the counts; duration-weighted
// means of the ratios (a kernel that ran longer says more about the call). Throws
// std::invalid_argument when a range holds the wrong number of values.
GpuCounters combine_ranges(const std::vector<std::vector<double>>& ranges, const std::string& tool);

}  // namespace abt
