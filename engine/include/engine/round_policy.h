// Whether a point gets timing rounds beyond the regular `--rounds` (a replay's: more
// interleaved rounds while A and B cannot be told apart yet, replay/extra_rounds.h). The policy
// sees the point's sides as timed so far, round by round.
#pragma once
#include <optional>
#include <vector>

#include "engine/side.h"
#include "model/point_record.h"

namespace abt {

// What a point's rounds have cost so far (timing_rounds.cpp).
struct RoundsSpent {
  double extra_ms = 0;  // its rounds past the regular ones, all together
  double round_ms = 0;  // its last round: about what one more costs
};

class RoundPolicy {
 public:
  virtual ~RoundPolicy() = default;
  // Before each round past the regular ones: whether the point needs it.
  virtual bool wants_another(const std::vector<Side>& sides, const RoundsSpent& spent) const = 0;
  // The most rounds a point may get, the regular ones included.
  virtual int max_rounds(int regular) const = 0;
  // After its rounds: whether the sides, as timed, differ (FASTER or SLOWER at the threshold).
  // These are the points `--counters` reads by default.
  virtual bool differs(const std::vector<Side>& sides) const = 0;
  // When the point's record is made: the speedup interval of its pair as diff will resample it,
  // kept in the record (Baseline::interval) so that diff reads it instead; nullopt: none kept.
  virtual std::optional<StoredInterval> interval(const PointRecord& record) const = 0;
};

}  // namespace abt
