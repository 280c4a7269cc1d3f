// What a replay times beside B's variant at each point (engine/side_plan.h): A's stored binary,
// loaded in B's process and verified on the same inputs (interleaving: the pair diff decides
// from), and with --retune B's own best config from a sweep of its own.
#pragma once
#include "engine/side_plan.h"
#include "replay/stored_baselines.h"

namespace abt {

class ReplaySides : public SidePlan {
 public:
  // `stored`: A's binaries; `interleave`: A's measured beside B's (false: --no-interleave, when A's
  // binary still serves where A's output is a point's reference); `retune`: B's own best too.
  ReplaySides(StoredBaselines& stored, bool interleave, bool retune) : stored_(stored), interleave_(interleave), retune_(retune) {}
  PlannedSides sides(PointBench& bench, const Choice& choice, const Side& measured) const override;
  ReferenceBinary baseline_for_reference(const Point& point) const override;

 private:
  StoredBaselines& stored_;
  bool interleave_;
  bool retune_;
};

}  // namespace abt
