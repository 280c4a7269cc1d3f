// The dynamic "why" beside a verdict (--counters): how B's call differs from A's code's in what
// the hardware counted, in one line a compiler engineer reads next to the IR delta, a part per
// counter row of model/metric.h (by its `why` word), then the stall reason that moved most:
//   dram read +12.4%, dram write same, L2 hit 81.0->74.2%, inst +0.30%, occupancy same, stall long_scoreboard +9.1 pts
// Each side was read more than once: a change reads `same` unless it clears both what the two
// sides' own reads differ by and the row's floor (its same_within; kSamePoints for a stall).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/gpu_counters.h"

namespace abt {

inline constexpr double kSamePoints = 0.5;  // percentage points: a stall reason's weight

// One counter row, A's mean against B's.
struct CounterChange {
  MetricId metric = MetricId::dram_read_bytes;
  double a = 0, b = 0;
  // A count's B/A - 1 in % (nullopt where A's is 0 and B's is not); a ratio's B - A in points.
  std::optional<double> change;
  bool beyond_noise = false;  // else the why line says `same`
};

struct CounterDelta {
  CounterReads a_reads, b_reads;  // A's code and B's, every read (in B's process where the replay read both)
  GpuCounters a, b;               // each side's mean over its reads
  bool same_process = false;
  std::vector<CounterChange> changes;              // every counter row both sides read, in the rows' order
  std::optional<StallShare> largest_stall_change;  // B - A in points, of the reason that moved most beyond the noise
  std::string why;                                 // the line

  const CounterChange* find(MetricId metric) const;
};

CounterDelta counter_delta(const CounterReads& a, const CounterReads& b, bool same_process);

}  // namespace abt
