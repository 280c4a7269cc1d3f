#include "replay/extra_rounds.h"

#include <algorithm>

#include "verdict/verdict.h"

namespace abt {

ExtraRounds::ExtraRounds(double threshold_pct, double max_ms)
    : rule_(JudgingRule{.threshold_pct = threshold_pct}.for_pair(/*in_process_pair=*/true)), max_ms_(max_ms) {}  // as diff decides the pair

bool ExtraRounds::wants_another(const std::vector<Side>& sides, const RoundsSpent& spent) const {
  const Side* a = find_side(sides, SideRole::baseline);
  const Side* b = find_side(sides, SideRole::measured);
  if (!a || !b || spent.extra_ms >= max_ms_ || max_ms_ <= 0) return false;
  const Measurement &a_now = a->measurement, &b_now = b->measurement;
  const Decision decision = decide({a_now.samples_us, a_now.round_sizes}, {b_now.samples_us, b_now.round_sizes}, rule_);
  if (decision.verdict != Verdict::ambiguous) return false;
  if (!decision.to_decide) return true;  // too few rounds yet, or a change below the noise floor: the rounds tell
  switch (decision.to_decide->outlook) {
    case RoundsToDecide::Outlook::never:
    case RoundsToDecide::Outlook::over_most: return false;  // given up: the budget would not buy a verdict
    case RoundsToDecide::Outlook::rounds: break;
  }
  // The estimate is itself noisy (the interval as drawn): a point is given up only when it needs
  // more than twice the rounds its budget has left.
  const double affordable = (max_ms_ - spent.extra_ms) / std::max(spent.round_ms, 1e-3);
  return double(decision.to_decide->more) <= kEstimateSlack * affordable;
}

bool ExtraRounds::differs(const std::vector<Side>& sides) const {
  const Side* a = find_side(sides, SideRole::baseline);
  const Side* b = find_side(sides, SideRole::measured);
  if (!a || !b || !a->timed()) return false;
  if (a->binary_hash == b->binary_hash) return false;  // identical code: SAME whatever the time says
  const Measurement &a_now = a->measurement, &b_now = b->measurement;
  const Verdict verdict = decide({a_now.samples_us, a_now.round_sizes}, {b_now.samples_us, b_now.round_sizes}, rule_).verdict;
  return verdict == Verdict::faster || verdict == Verdict::slower;
}

std::optional<StoredInterval> ExtraRounds::interval(const PointRecord& record) const {
  if (!record.baseline || record.baseline->latency.n == 0 || record.latency.n == 0) return std::nullopt;
  // The samples as results.json keeps them and diff reads them back (compare/judge.cpp): each
  // side's with its summary's median.
  const Baseline& a = *record.baseline;
  return interval_to_keep({a.measurement.samples_us, a.measurement.round_sizes, a.latency.median},
                          {record.measurement.samples_us, record.measurement.round_sizes, record.latency.median}, rule_);
}

}  // namespace abt
