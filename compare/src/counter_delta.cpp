#include "compare/counter_delta.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace abt {
namespace {

std::optional<double> change_pct(double a, double b) {
  if (a == 0) return b == 0 ? std::optional<double>(0.0) : std::nullopt;
  return (b / a - 1) * 100;
}

std::string amount_text(const MetricInfo& info, double value) {
  if (info.unit != "bytes") return fmt::format("{:.0f}", value);
  if (value >= 1e9) return fmt::format("{:.2f} GB", value / 1e9);
  if (value >= 1e6) return fmt::format("{:.1f} MB", value / 1e6);
  if (value >= 1e3) return fmt::format("{:.1f} kB", value / 1e3);
  return fmt::format("{:.0f} B", value);
}

// Whether B's mean differs from A's by more than both sides' own reads differ, and the floor.
bool beyond_noise(double a, double b, double a_range, double b_range, double floor) {
  return std::abs(b - a) > std::max(floor, a_range + b_range);
}

CounterChange change_of(const MetricInfo& info, double a, double b, double a_range, double b_range) {
  CounterChange change{info.id, a, b, std::nullopt, false};
  if (info.counter.fold == CounterFold::sum) {
    change.change = change_pct(a, b);
    change.beyond_noise = beyond_noise(a, b, a_range, b_range, a * info.counter.same_within / 100);
  } else {
    change.change = b - a;
    change.beyond_noise = beyond_noise(a, b, a_range, b_range, info.counter.same_within);
  }
  return change;
}

// "dram read +12.4%", "L2 hit 81.0->74.2%", "inst +12", "dram read 0 B -> 2.5 MB", "occupancy same".
std::string change_text(const MetricInfo& info, const CounterChange& change) {
  const std::string_view word = info.counter.why;
  if (!change.beyond_noise) return fmt::format("{} same", word);
  if (info.counter.fold != CounterFold::sum) return fmt::format("{} {:.1f}->{:.1f}%", word, change.a, change.b);
  if (!change.change)
    return fmt::format("{} {} -> {}", word, amount_text(info, change.a), amount_text(info, change.b));
  // A count the code alone decides moves by less than a percent and still matters: its hundredths,
  // or the count itself where even those round to nothing.
  if (info.counter.same_within == 0 && std::abs(*change.change) < 0.01)
    return fmt::format("{} {:+.0f}", word, change.b - change.a);
  return info.counter.same_within == 0 ? fmt::format("{} {:+.2f}%", word, *change.change)
                                       : fmt::format("{} {:+.1f}%", word, *change.change);
}

}  // namespace

const CounterChange* CounterDelta::find(MetricId metric) const {
  for (const CounterChange& change : changes)
    if (change.metric == metric) return &change;
  return nullptr;
}

CounterDelta counter_delta(const CounterReads& a_reads, const CounterReads& b_reads, bool same_process) {
  CounterDelta delta;
  delta.a_reads = a_reads;
  delta.b_reads = b_reads;
  delta.same_process = same_process;
  const GpuCounters a = a_reads.mean(), b = b_reads.mean(), a_range = a_reads.range(), b_range = b_reads.range();
  delta.a = a;
  delta.b = b;
  std::vector<std::string> parts;
  for (const MetricInfo& info : metric_rows()) {
    const std::optional<double> a_value = a.value(info.id), b_value = b.value(info.id);
    if (!info.is_counter() || !a_value || !b_value) continue;
    delta.changes.push_back(
        change_of(info, *a_value, *b_value, a_range.value(info.id).value_or(0), b_range.value(info.id).value_or(0)));
    parts.push_back(change_text(info, delta.changes.back()));
  }
  for (const StallShare& share : b.stalls) {
    const double a_value = a.stall(share.reason).value_or(0), b_value = share.pct_of_active_warps;
    if (!beyond_noise(a_value, b_value, a_range.stall(share.reason).value_or(0), b_range.stall(share.reason).value_or(0),
                      kSamePoints))
      continue;
    const double moved = b_value - a_value;
    if (!delta.largest_stall_change || std::abs(moved) > std::abs(delta.largest_stall_change->pct_of_active_warps))
      delta.largest_stall_change = StallShare{share.reason, moved};
  }
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
