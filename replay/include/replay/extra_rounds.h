// Where a replay decides that a point gets more interleaved rounds (engine/round_policy.h): while
// A's code and B's, measured side by side, cannot be told apart yet at the threshold (diff's rule
// would say AMBIGUOUS), up to `max_ms` of extra rounds per point and at most three times the
// regular rounds; a point that stays AMBIGUOUS that long is reported so. A point is given up
// early, its budget not spent, when at the spread observed no number of rounds would decide it,
// or more than twice the rounds its budget has left (verdict/verdict.h, RoundsToDecide). The
// interval it ends with is kept in the point's record, for diff to read instead of resampling.
#pragma once
#include "verdict/verdict.h"
#include "engine/round_policy.h"

namespace abt {

class ExtraRounds : public RoundPolicy {
 public:
  ExtraRounds(double threshold_pct, double max_ms);
  bool wants_another(const std::vector<Side>& sides, const RoundsSpent& spent) const override;
  int max_rounds(int regular) const override { return 4 * regular; }
  bool differs(const std::vector<Side>& sides) const override;
  // B against A's code beside it, with diff's rule for an interleaved pair at this threshold.
  std::optional<StoredInterval> interval(const PointRecord& record) const override;

 private:
  static constexpr double kEstimateSlack = 2;
  VerdictRule rule_;
  double max_ms_;
};

}  // namespace abt
