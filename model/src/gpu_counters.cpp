#include "model/gpu_counters.h"

#include <algorithm>

namespace abt {

std::optional<double> GpuCounters::stall(StallReason reason) const {
  for (const StallShare& share : stalls)
    if (share.reason == reason) return share.pct_of_active_warps;
  return std::nullopt;
}

namespace {

// `combine(values)` of each field over the reads.
template <typename Combine>
GpuCounters fold(const std::vector<GpuCounters>& reads, Combine combine) {
  GpuCounters out;
  if (reads.empty()) return out;
  out.tool = reads.front().tool;
  out.kernels = reads.front().kernels;
  auto field = [&](double GpuCounters::*member) {
    std::vector<double> values;
    for (const auto& read : reads) values.push_back(read.*member);
    return combine(values);
  };
  out.duration_ns = field(&GpuCounters::duration_ns);
  out.dram_read_bytes = field(&GpuCounters::dram_read_bytes);
  out.dram_write_bytes = field(&GpuCounters::dram_write_bytes);
  out.l2_hit_pct = field(&GpuCounters::l2_hit_pct);
  out.warp_instructions = field(&GpuCounters::warp_instructions);
  out.occupancy_pct = field(&GpuCounters::occupancy_pct);
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
