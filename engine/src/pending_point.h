// A point between its choice and its last timing round (point_engine.cpp, timing_rounds.cpp);
// point_result.cpp makes its record when it ends.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "engine/host_load.h"
#include "engine/point_engine.h"
#include "engine/round_policy.h"
#include "engine/side.h"
#include "model/point_phases.h"
#include "util/errors.h"

namespace abt {

struct PendingPoint {
  Point point;
  std::unique_ptr<PointBench> bench;
  Choice choice;            // the point's own config, loaded and verified
  std::vector<Side> sides;  // in SideRole order; the measured one once the choice is made
  std::vector<Marker> markers;  // the side plan's (PlannedSides)
  std::string error;        // why the point failed; empty while it has not
  RoundsSpent spent;        // what its rounds cost (the round policy's budget)
  std::vector<HostLoadSample> host_load;  // host points: before and after each round (host_load.h)
  // Where its time went outside its bench (compiles, files, placement, clock, counting), and its
  // wall time so far: every stretch the engine spent on it, until its record is written.
  PointTime time;
};

// A kernel faulted: the device context is gone for the rest of the run (DEVICE_FAULT in run.log).
void lose_device(const OpSession& session, const DeviceFault& fault, const Point& point);

// Times every pending point in the regular rounds (timing_rounds.cpp); then, as the session's
// round policy asks, in more. `on_round` is called before each point's round.
void run_timing_rounds(const OpSession& session, std::vector<PendingPoint>& pending,
                       const std::function<void(const PendingPoint&, int round)>& on_round);

// The point's record, built once, when it ends (point_result.cpp).
PointRecord point_record(const OpSession& session, const PendingPoint& pending);

}  // namespace abt
