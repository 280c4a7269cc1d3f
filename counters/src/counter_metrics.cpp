#include "counters/counter_metrics.h"

#include <stdexcept>

namespace abt {
namespace {

// Where a range's values sit: the duration first (every ratio's weight), then each counter row's,
// then each stall reason's.
std::vector<const MetricInfo*> counter_rows() {
  std::vector<const MetricInfo*> rows;
  for (const MetricInfo& info : metric_rows())
    if (info.is_counter()) rows.push_back(&info);
  return rows;
}

}  // namespace

std::vector<std::string> counter_metric_names() {
  std::vector<std::string> names = {kDurationMetric};
  for (const MetricInfo* row : counter_rows()) names.emplace_back(row->counter.cupti);
  for (const auto& [reason, name] : Spellings<StallReason>::table)
    names.push_back("smsp__warp_issue_stalled_" + std::string(name) + "_per_warp_active.pct");
  return names;
}

GpuCounters combine_ranges(const std::vector<std::vector<double>>& ranges, const std::string& tool) {
  const std::vector<const MetricInfo*> rows = counter_rows();
  const size_t columns = counter_metric_names().size(), first_stall = 1 + rows.size();
  GpuCounters counters;
  counters.tool = tool;
  counters.kernels = uint32_t(ranges.size());
  for (const MetricInfo* row : rows) counters.values.push_back({row->id, 0});
  for (const auto& [reason, name] : Spellings<StallReason>::table) counters.stalls.push_back({reason, 0});
  double weights = 0;
  for (const auto& values : ranges) {
    if (values.size() != columns)
      throw std::invalid_argument("a profiler range holds " + std::to_string(values.size()) + " values, not " +
                                  std::to_string(columns));
    counters.duration_ns += values[0];
    weights += values[0];
  }
  // Counts add; ratios are weighted by duration, equally where no range has one (a profiler that gave none).
  for (const auto& values : ranges) {
    const double weight = weights > 0 ? values[0] / weights : 1.0 / double(ranges.size());
    for (size_t i = 0; i < rows.size(); ++i)
      counters.values[i].value += rows[i]->counter.fold == CounterFold::sum ? values[1 + i] : weight * values[1 + i];
    for (size_t i = 0; i < counters.stalls.size(); ++i)
      counters.stalls[i].pct_of_active_warps += weight * values[first_stall + i];
  }
  return counters;
}

}  // namespace abt
