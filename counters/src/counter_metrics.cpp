#include "counters/counter_metrics.h"

#include <stdexcept>

namespace abt {
namespace {

enum Column : size_t { duration, dram_read, dram_write, l2_hit, instructions, occupancy, first_stall };

std::vector<std::string> make_names() {
  std::vector<std::string> names = {"gpu__time_duration.sum", "dram__bytes_read.sum", "dram__bytes_write.sum",
                                    "lts__t_sector_hit_rate.pct", kInstructionsMetric,
                                    "sm__warps_active.avg.pct_of_peak_sustained_active"};
  for (const auto& [reason, name] : Spellings<StallReason>::table)
    names.push_back("smsp__warp_issue_stalled_" + std::string(name) + "_per_warp_active.pct");
  return names;
}

}  // namespace

const std::vector<std::string>& counter_metric_names() {
  static const std::vector<std::string> names = make_names();
  return names;
}

GpuCounters combine_ranges(const std::vector<std::vector<double>>& ranges, const std::string& tool) {
  const size_t columns = counter_metric_names().size();
  GpuCounters counters;
  counters.tool = tool;
  counters.kernels = uint32_t(ranges.size());
  for (const auto& [reason, name] : Spellings<StallReason>::table) counters.stalls.push_back({reason, 0});
  double weights = 0;
  for (const auto& values : ranges) {
    if (values.size() != columns)
      throw std::invalid_argument("a profiler range holds " + std::to_string(values.size()) + " values, not " +
                                  std::to_string(columns));
    counters.duration_ns += values[duration];
    counters.dram_read_bytes += values[dram_read];
    counters.dram_write_bytes += values[dram_write];
    counters.warp_instructions += values[instructions];
    weights += values[duration];
  }
  // Ratios: weighted by duration; equally where no range has one (a profiler that gave none).
  for (const auto& values : ranges) {
    const double weight = weights > 0 ? values[duration] / weights : 1.0 / double(ranges.size());
    counters.l2_hit_pct += weight * values[l2_hit];
    counters.occupancy_pct += weight * values[occupancy];
    for (size_t i = 0; i < counters.stalls.size(); ++i)
      counters.stalls[i].pct_of_active_warps += weight * values[first_stall + i];
  }
  return counters;
}

}  // namespace abt
