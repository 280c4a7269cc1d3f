#include "compare/counter_delta.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace abt {
namespace {

std::optional<double> change_pct(double a, double b) {
  if (a == 0) return b == 0 ? std::optional<double>(0.0) : std::nullopt;
  return (b / a - 1) * 100;
}

std::string bytes_text(double bytes) {
  if (bytes >= 1e9) return fmt::format("{:.2f} GB", bytes / 1e9);
  if (bytes >= 1e6) return fmt::format("{:.1f} MB", bytes / 1e6);
  if (bytes >= 1e3) return fmt::format("{:.1f} kB", bytes / 1e3);
  return fmt::format("{:.0f} B", bytes);
}

// Whether B's mean differs from A's by more than both sides' own reads differ, and the floor.
bool beyond_noise(double a, double b, double a_range, double b_range, double floor) {
  return std::abs(b - a) > std::max(floor, a_range + b_range);
}

}  // namespace

CounterDelta counter_delta(const CounterReads& a_reads, const CounterReads& b_reads, bool same_process) {
  CounterDelta delta;
  delta.a_reads = a_reads;
  delta.b_reads = b_reads;
  delta.same_process = same_process;
  const GpuCounters a = a_reads.mean(), b = b_reads.mean(), a_range = a_reads.range(), b_range = b_reads.range();
  delta.a = a;
  delta.b = b;
  auto bytes_changed = [&](double GpuCounters::*field) {
    return beyond_noise(a.*field, b.*field, a_range.*field, b_range.*field, a.*field * kSameBytesPct / 100);
  };
  auto points_changed = [&](double GpuCounters::*field) {
    return beyond_noise(a.*field, b.*field, a_range.*field, b_range.*field, kSamePoints);
  };
  delta.dram_read_pct = change_pct(a.dram_read_bytes, b.dram_read_bytes);
  delta.dram_write_pct = change_pct(a.dram_write_bytes, b.dram_write_bytes);
  delta.instructions_pct = change_pct(a.warp_instructions, b.warp_instructions);
  delta.dram_read_changed = bytes_changed(&GpuCounters::dram_read_bytes);
  delta.dram_write_changed = bytes_changed(&GpuCounters::dram_write_bytes);
  // Instruction counts are exact: any difference beyond the sides' own (none, for deterministic code) shows.
  delta.instructions_changed = beyond_noise(a.warp_instructions, b.warp_instructions, a_range.warp_instructions,
                                            b_range.warp_instructions, 0);
  delta.l2_hit_points = b.l2_hit_pct - a.l2_hit_pct;
  delta.occupancy_points = b.occupancy_pct - a.occupancy_pct;
  delta.l2_hit_changed = points_changed(&GpuCounters::l2_hit_pct);
  delta.occupancy_changed = points_changed(&GpuCounters::occupancy_pct);
  for (const StallShare& share : b.stalls) {
    const double a_value = a.stall(share.reason).value_or(0), b_value = share.pct_of_active_warps;
    if (!beyond_noise(a_value, b_value, a_range.stall(share.reason).value_or(0), b_range.stall(share.reason).value_or(0),
                      kSamePoints))
      continue;
    const double moved = b_value - a_value;
    if (!delta.largest_stall_change || std::abs(moved) > std::abs(delta.largest_stall_change->pct_of_active_warps))
      delta.largest_stall_change = StallShare{share.reason, moved};
  }

  std::vector<std::string> parts;
  auto bytes = [&](const char* what, bool changed, std::optional<double> pct, double from, double to) {
    if (!changed) parts.push_back(fmt::format("{} same", what));
    else if (!pct) parts.push_back(fmt::format("{} {} -> {}", what, bytes_text(from), bytes_text(to)));
    else parts.push_back(fmt::format("{} {:+.1f}%", what, *pct));
  };
  auto points = [&](const char* what, bool changed, double from, double to) {
    parts.push_back(changed ? fmt::format("{} {:.1f}->{:.1f}%", what, from, to) : fmt::format("{} same", what));
  };
  bytes("dram read", delta.dram_read_changed, delta.dram_read_pct, a.dram_read_bytes, b.dram_read_bytes);
  bytes("dram write", delta.dram_write_changed, delta.dram_write_pct, a.dram_write_bytes, b.dram_write_bytes);
  points("L2 hit", delta.l2_hit_changed, a.l2_hit_pct, b.l2_hit_pct);
  if (!delta.instructions_changed) parts.push_back("inst same");
  else if (!delta.instructions_pct) parts.push_back(fmt::format("inst 0 -> {:.0f}", b.warp_instructions));
  else if (std::abs(*delta.instructions_pct) < 0.01) parts.push_back(fmt::format("inst {:+.0f}", b.warp_instructions - a.warp_instructions));
  else parts.push_back(fmt::format("inst {:+.2f}%", *delta.instructions_pct));
  points("occupancy", delta.occupancy_changed, a.occupancy_pct, b.occupancy_pct);
  if (delta.largest_stall_change)
    parts.push_back(fmt::format("stall {} {:+.1f} pts", spelling(delta.largest_stall_change->reason),
                                delta.largest_stall_change->pct_of_active_warps));
  else
    parts.push_back("stalls same");
  if (a.kernels != b.kernels) parts.push_back(fmt::format("kernels {} -> {}", a.kernels, b.kernels));
  delta.why = fmt::format("{}", fmt::join(parts, ", "));
  return delta;
}

}  // namespace abt
