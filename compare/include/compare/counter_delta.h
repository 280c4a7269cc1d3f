// The dynamic "why" beside a verdict (--counters): how B's call differs from A's code's in what
// the hardware counted, in one line a compiler engineer reads next to the IR delta:
//   dram read +12.4%, dram write same, L2 hit 81.0->74.2%, inst +0.30%, occupancy same, stall long_scoreboard +9.1 pts
// Each side was read more than once: a change reads `same` unless it clears both what the two
// sides' own reads differ by and a floor (kSameBytesPct, kSamePoints).
#pragma once
#include <optional>
#include <string>

#include "model/gpu_counters.h"

namespace abt {

inline constexpr double kSameBytesPct = 0.5;  // of A's bytes
inline constexpr double kSamePoints = 0.5;    // percentage points: hit rate, occupancy, a stall's weight

struct CounterDelta {
  CounterReads a_reads, b_reads;  // A's code and B's, every read (in B's process where the replay read both)
  GpuCounters a, b;               // each side's mean over its reads
  bool same_process = false;
  // B/A - 1 in % (nullopt where A's is 0), and B - A in points; nullopt/unset where within the noise.
  std::optional<double> dram_read_pct, dram_write_pct, instructions_pct;
  bool dram_read_changed = false, dram_write_changed = false, instructions_changed = false;
  double l2_hit_points = 0, occupancy_points = 0;
  bool l2_hit_changed = false, occupancy_changed = false;
  std::optional<StallShare> largest_stall_change;  // B - A in points, of the reason that moved most beyond the noise
  std::string why;                                 // the line
};

CounterDelta counter_delta(const CounterReads& a, const CounterReads& b, bool same_process);

}  // namespace abt
