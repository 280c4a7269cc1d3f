// The SM clock of every GPU round (SPEC section 7), as nvbench checks it: a tiny probe kernel
// right after the round counts SM cycles (clock64) against nanoseconds (%globaltimer). A round
// that ran below a threshold of the maximum clock is discarded and run again; after a few tries
// it is kept, with a CLOCK_THROTTLED marker. abtool never changes the GPU's clock settings.
#pragma once
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "model/measurement.h"

namespace abt {

class ClockProbe {
 public:
  virtual ~ClockProbe() = default;
  virtual double sm_clock_mhz() = 0;  // now, after the work queued so far
  virtual double max_clock_mhz() const = 0;
};

struct ClockPolicy {
  double threshold = 0.9;  // of the maximum clock
  int attempts = 3;        // runs of a round in all, before a throttled one is kept
  std::chrono::milliseconds recovery{100};  // pause before running a throttled round again
};

// Runs `round`, then reads the clock into the result's round_clock_mhz.
Measurement measure_at_full_clock(const std::function<Measurement()>& round, ClockProbe& probe,
                                  const ClockPolicy& policy = {});

// The probe kernel's CUDA source (built by the reference compiler, like the input generator).
const std::string& clock_probe_source();
inline constexpr const char* kClockProbeKernel = "abt_clock_probe";

}  // namespace abt
