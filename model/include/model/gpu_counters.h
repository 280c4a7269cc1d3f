// Hardware counters of one call of a variant (--counters), read after the point's timing on the
// point's own arguments: what the "why" beside a verdict is made of. A call that launches more
// than one kernel (a prologue, a split reduction) sums its kernels' counts; its ratios are
// weighted by each kernel's duration.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/metric.h"
#include "util/spelling.h"

namespace abt {

// Why a warp that could issue did not (Hopper's stall reasons, as Nsight Compute names them).
enum class StallReason {
  barrier, branch_resolving, dispatch_stall, drain, gmma, imc_miss, lg_throttle, long_scoreboard,
  math_pipe_throttle, membar, mio_throttle, misc, no_instruction, not_selected, selected,
  short_scoreboard, sleeping, tex_throttle, wait
};

template <>
struct Spellings<StallReason> {
  static constexpr std::array<std::pair<StallReason, std::string_view>, 19> table{{
      {StallReason::barrier, "barrier"}, {StallReason::branch_resolving, "branch_resolving"},
      {StallReason::dispatch_stall, "dispatch_stall"}, {StallReason::drain, "drain"}, {StallReason::gmma, "gmma"},
      {StallReason::imc_miss, "imc_miss"}, {StallReason::lg_throttle, "lg_throttle"},
      {StallReason::long_scoreboard, "long_scoreboard"}, {StallReason::math_pipe_throttle, "math_pipe_throttle"},
      {StallReason::membar, "membar"}, {StallReason::mio_throttle, "mio_throttle"}, {StallReason::misc, "misc"},
      {StallReason::no_instruction, "no_instruction"}, {StallReason::not_selected, "not_selected"},
      {StallReason::selected, "selected"}, {StallReason::short_scoreboard, "short_scoreboard"},
      {StallReason::sleeping, "sleeping"}, {StallReason::tex_throttle, "tex_throttle"}, {StallReason::wait, "wait"},
  }};
};

// A stall reason's weight as Nsight Compute's smsp__warp_issue_stalled_<reason>_per_warp_active.pct
// reports it: warps stalled for it, summed over the cycles sampled, per active warp, in percent. The
// reasons of one call add up to about the cycles a warp waits per issue, so one can exceed 100
// (a memory-bound saxpy's long_scoreboard read 127 on the H200).
struct StallShare {
  StallReason reason = StallReason::long_scoreboard;
  double pct_of_active_warps = 0;
};

// One counter's value in one call: a row of model/metric.h whose counter source is set.
struct CounterValue {
  MetricId metric = MetricId::dram_read_bytes;
  double value = 0;
};

struct GpuCounters {
  std::string tool;                 // what read them: "cupti"
  uint32_t kernels = 0;             // kernel launches in the call
  double duration_ns = 0;           // under the profiler: not a timing, a weight
  std::vector<CounterValue> values; // every counter row read, in the rows' order
  std::vector<StallShare> stalls;   // every reason read, in Spellings order

  std::optional<double> value(MetricId metric) const;
  void set(MetricId metric, double value);  // replaces an earlier value
  std::optional<double> stall(StallReason reason) const;
};

// Every read of a side's counters: the same call read more than once (kCounterReads, alternating
// between the sides), so how far a side's own reads differ is the counters' noise at that point,
// the floor a change between A and B must clear (DRAM bytes of a microsecond kernel, its stalls,
// move from read to read; instruction counts do not).
inline constexpr int kCounterReads = 2;
struct CounterReads {
  std::vector<GpuCounters> reads;  // in order, at least one

  GpuCounters mean() const;   // counter by counter, stalls by reason
  GpuCounters range() const;  // max - min counter by counter (zero for one read)
};

}  // namespace abt
