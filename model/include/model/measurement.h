// What a timer measured for one point (or one round of it), as results.json keeps it.
#pragma once
#include <string>
#include <vector>

#include "model/markers.h"
#include "model/vocabulary.h"

namespace abt {

struct Measurement {
  TimingMethod method = TimingMethod::none;
  int warmup_calls = 0;
  long long launches = 0;           // every call made, discarded and warm-up included
  std::vector<double> samples_us;   // per-launch times
  std::vector<int> round_sizes;     // samples per round, in order; their sum is samples_us.size()
  std::vector<double> probe_us;     // the host machine probe before each round (graphtime/machine_probe.h)
  std::vector<double> round_clock_mhz;  // GPU: the SM clock each round ran at (graphtime/clock_check.h)
  std::vector<Marker> markers;      // e.g. BENCHMARK_DIRECT_NO_CUDAGRAPH phase=capture reason="..."
  // Where the measurement's wall time went (the point's phases_s; not kept per measurement):
  // the discarded call, single call and warm-up, then the sampling (a graph's capture included).
  double warmup_s = 0, sampling_s = 0;
};

// Adds a round's samples to a point's measurement (method `mixed` when rounds differ).
void append_round(Measurement& total, const Measurement& round);

}  // namespace abt
