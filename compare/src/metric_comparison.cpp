#include "compare/metric_comparison.h"

#include <cmath>

namespace abt {
namespace {

// The smallest change a noisy read must clear beyond both sides' own spread: half a percent of A's
// value, or half a point of a percentage (a hit rate, occupancy): what the counters' why uses.
constexpr double kReadsFloor = 0.5;

MetricChange direction(const MetricInfo& info, double a, double b) {
  const bool larger = b > a;
  return larger == (info.better == Better::higher) ? MetricChange::better : MetricChange::worse;
}

void judge(MetricComparison& row, const JudgingRule& rule) {
  const MetricInfo& info = row.info();
  const MetricValue &a = *row.a, &b = *row.b;
  const double a_value = a.value(), b_value = b.value();
  if (a.low() > 0) {
    row.ratio_low = b.low() / a.high();
    row.ratio_high = b.high() / a.low();
  }
  switch (info.judged) {
    case MetricJudged::by_point:
    case MetricJudged::shown: return;
    case MetricJudged::exact: {
      // Deterministic: one side's own reads differ only where its code is not; that spread widens what counts.
      const double spread_pct = a_value > 0 ? 100 * std::max(a.high() - a.low(), b.high() - b.low()) / a_value : 0;
      if (!row.change_pct) row.change = a_value == b_value ? MetricChange::same : MetricChange::undecided;
      else if (std::abs(*row.change_pct) >= rule.instruction_threshold_pct + spread_pct) row.change = direction(info, a_value, b_value);
      else if (std::abs(*row.change_pct) + spread_pct < rule.instruction_threshold_pct) row.change = MetricChange::same;
      else row.change = MetricChange::undecided;
      return;
    }
    case MetricJudged::beyond_reads: {
      const double floor = info.unit == "%" ? kReadsFloor : std::abs(a_value) * kReadsFloor / 100;
      const double noise = (a.high() - a.low()) + (b.high() - b.low());
      row.change = std::abs(b_value - a_value) > std::max(floor, noise) ? direction(info, a_value, b_value) : MetricChange::same;
      return;
    }
  }
}

}  // namespace

MetricChange change_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::faster: return MetricChange::better;
    case Verdict::slower: return MetricChange::worse;
    case Verdict::same: return MetricChange::same;
    default: return MetricChange::undecided;
  }
}

std::vector<MetricComparison> compare_metrics(const MetricValues& a, const MetricValues& b, const PointDecisions& decided,
                                              const JudgingRule& rule) {
  std::vector<MetricComparison> rows;
  for (const MetricInfo& info : metric_rows()) {
    const MetricValue *in_a = a.find(info.id), *in_b = b.find(info.id);
    if (!in_a && !in_b) continue;
    MetricComparison row;
    row.metric = info.id;
    if (in_a) row.a = *in_a;
    if (in_b) row.b = *in_b;
    if (in_a && in_b) {
      if (in_a->value() != 0) row.change_pct = (in_b->value() / in_a->value() - 1) * 100;
      judge(row, rule);
    }
    if (info.id == MetricId::time && decided.timing_verdict) {
      row.change = change_of(*decided.timing_verdict);
      if (decided.speedup && decided.speedup->low > 0) {  // B / A of the times is 1 / the speedup
        row.ratio_low = 1 / decided.speedup->high;
        row.ratio_high = 1 / decided.speedup->low;
      }
    }
    if (info.id == MetricId::instructions && decided.instructions && in_a && in_b) {
      row.change = change_of(decided.instructions->verdict);
      // The counts the decision compared: each side's first counted call.
      row.change_pct = decided.instructions->change_pct;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace abt
