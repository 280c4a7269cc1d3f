// What a replay times beside B's variant at each point (engine/side_plan.h): A's stored binary,
// loaded in B's process and verified on the same inputs (interleaving: the pair diff decides
// from), and with --retune B's own best config from a sweep of its own.
#pragma once
#include "engine/side_plan.h"
#include "replay/stored_baselines.h"

namespace abt {

class ReplaySides : public SidePlan {
 public:
  // `baselines`: A's binaries (null: --no-interleave); `retune`: B's own best too.
  ReplaySides(StoredBaselines* baselines, bool retune) : baselines_(baselines), retune_(retune) {}
  PlannedSides sides(PointBench& bench, const Choice& choice, const Side& measured) const override;

 private:
  StoredBaselines* baselines_;
  bool retune_;
};

}  // namespace abt
