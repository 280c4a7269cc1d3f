#include "replay/extra_rounds.h"

namespace abt {

ExtraRounds::ExtraRounds(double threshold_pct, double max_ms) : rule_{threshold_pct}, max_ms_(max_ms) {
  rule_.pairing = Pairing::by_round;  // as diff decides an interleaved pair
}

bool ExtraRounds::wants_another(const std::vector<Side>& sides, double spent_ms) const {
  const Side* a = find_side(sides, SideRole::baseline);
  const Side* b = find_side(sides, SideRole::measured);
  if (!a || !b || spent_ms >= max_ms_ || max_ms_ <= 0) return false;
  const Measurement &a_now = a->measurement, &b_now = b->measurement;
  return decide({a_now.samples_us, a_now.round_sizes}, {b_now.samples_us, b_now.round_sizes}, rule_).verdict ==
         Verdict::ambiguous;
}

}  // namespace abt
