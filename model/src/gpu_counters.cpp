#include "model/gpu_counters.h"

#include <algorithm>

namespace abt {

std::optional<double> GpuCounters::value(MetricId metric) const {
  for (const CounterValue& counter : values)
    if (counter.metric == metric) return counter.value;
  return std::nullopt;
}

void GpuCounters::set(MetricId metric, double value) {
  for (CounterValue& counter : values)
    if (counter.metric == metric) {
      counter.value = value;
      return;
    }
  values.push_back({metric, value});
}

std::optional<double> GpuCounters::stall(StallReason reason) const {
  for (const StallShare& share : stalls)
    if (share.reason == reason) return share.pct_of_active_warps;
  return std::nullopt;
}

namespace {

// `combine(values)` of each counter over the reads (every read of one call has the same counters).
template <typename Combine>
GpuCounters fold(const std::vector<GpuCounters>& reads, Combine combine) {
  GpuCounters out;
  if (reads.empty()) return out;
  out.tool = reads.front().tool;
  out.kernels = reads.front().kernels;
  std::vector<double> durations;
  for (const auto& read : reads) durations.push_back(read.duration_ns);
  out.duration_ns = combine(durations);
  for (const CounterValue& counter : reads.front().values) {
    std::vector<double> values;
    for (const auto& read : reads) values.push_back(read.value(counter.metric).value_or(0));
    out.values.push_back({counter.metric, combine(values)});
  }
  for (const StallShare& share : reads.front().stalls) {
    std::vector<double> values;
    for (const auto& read : reads) values.push_back(read.stall(share.reason).value_or(0));
    out.stalls.push_back({share.reason, combine(values)});
  }
  return out;
}

}  // namespace

GpuCounters CounterReads::mean() const {
  return fold(reads, [](const std::vector<double>& values) {
    double sum = 0;
    for (double value : values) sum += value;
    return sum / double(values.size());
  });
}

GpuCounters CounterReads::range() const {
  return fold(reads, [](const std::vector<double>& values) {
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    return *high - *low;
  });
}

}  // namespace abt
