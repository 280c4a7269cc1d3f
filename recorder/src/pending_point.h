// A point between its verification and its last timing round (run_engine.cpp, timing_rounds.cpp).
#pragma once
#include <memory>

#include "recorder/run_engine.h"
#include "util/errors.h"

namespace abt {

struct PendingPoint {
  PointRecord result;
  std::unique_ptr<PointBench> bench;
  Choice choice;                                // B's (or a record's) variant, loaded and verified
  IndexRow row;
  std::unique_ptr<LoadedVariant> baseline;      // interleaved replays: A's stored binary, verified here
  std::unique_ptr<LoadedVariant> retuned;       // replay --retune: B's own best, when it is not A's config
  IndexRow retuned_row;
  double extra_ms = 0;                          // spent in extra rounds (replay, AMBIGUOUS points)
};

// A kernel faulted: the device context is gone for the rest of the run (DEVICE_FAULT in run.log).
void lose_device(const OpSession& session, const DeviceFault& fault, const Point& point);

// Times every pending point in `rounds` rounds (timing_rounds.cpp); then, in a replay, extra
// rounds for the points the data cannot decide yet. `on_round` is called before each point's round.
void run_timing_rounds(const OpSession& session, std::vector<PendingPoint>& pending,
                       const std::function<void(const PendingPoint&, int round)>& on_round);

}  // namespace abt
