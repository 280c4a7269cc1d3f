// Each metric of a point judged A against B (model/metric.h): the values, B's change, the range
// of B/A the reads allow, and whether B is better, worse, the same or undecided. What every
// exporter iterates over (a column per metric in Markdown, --wide and the report; CSV and JSON
// columns and fields by its name) without naming a metric.
#pragma once
#include <optional>
#include <vector>

#include "model/metric.h"
#include "model/vocabulary.h"
#include "verdict/instruction_verdict.h"
#include "verdict/verdict.h"

namespace abt {

enum class MetricChange { same, better, worse, undecided, not_judged };
template <>
struct Spellings<MetricChange> {
  static constexpr std::array<std::pair<MetricChange, std::string_view>, 5> table{
      {{MetricChange::same, "same"}, {MetricChange::better, "better"}, {MetricChange::worse, "worse"},
       {MetricChange::undecided, "undecided"}, {MetricChange::not_judged, "not_judged"}}};
};

struct MetricComparison {
  MetricId metric = MetricId::time;
  std::optional<MetricValue> a, b;   // each side's reads (absent: the side did not measure it)
  std::optional<double> change_pct;  // (B / A - 1) in %, where both sides have it and A's is not 0
  std::optional<double> ratio_low, ratio_high;  // B / A as far as the reads (or the time's interval) allow
  MetricChange change = MetricChange::not_judged;

  const MetricInfo& info() const { return metric_info(metric); }
};

// What a point's own decision said of the two metrics that decide verdicts, for their rows.
struct PointDecisions {
  std::optional<Verdict> timing_verdict;        // the time's, its trust checks applied
  std::optional<RatioInterval> speedup;          // A / B of the times
  std::optional<InstructionDecision> instructions;
};

// Every metric either side has, in the metric rows' order: `a` A's code's values (in B's process where
// the replay measured it there), `b` B's. Counts (exact) are judged at `rule`'s instruction
// threshold; noisy reads by whether they overlap.
std::vector<MetricComparison> compare_metrics(const MetricValues& a, const MetricValues& b, const PointDecisions& decided,
                                              const JudgingRule& rule);

// MetricChange as a point's verdict says it: FASTER better, SLOWER worse, SAME same, the rest undecided.
MetricChange change_of(Verdict verdict);

}  // namespace abt
