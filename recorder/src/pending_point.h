// A point between its verification and its last timing round (run_engine.cpp, timing_rounds.cpp).
#pragma once
#include <memory>

#include "recorder/run_engine.h"

namespace abt {

struct PendingPoint {
  PointRecord result;
  std::unique_ptr<PointBench> bench;
  Choice choice;                                // B's (or a record's) variant, loaded and verified
  IndexRow row;
  std::unique_ptr<LoadedVariant> baseline;      // interleaved replays: A's stored binary, verified here
  double extra_ms = 0;                          // spent in extra rounds (replay, AMBIGUOUS points)
};

// Times every pending point in `rounds` rounds (timing_rounds.cpp); then, in a replay, extra
// rounds for the points the data cannot decide yet. `on_round` is called before each point's round.
void run_timing_rounds(const OpSession& session, std::vector<PendingPoint>& pending,
                       const std::function<void(const PendingPoint&, int round)>& on_round);

}  // namespace abt
