#include "passes/pass_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace abt {

std::string first_difference_of(const PassExplanation& explanation) {
  switch (explanation.outcome) {
    case ExplainOutcome::pass: {
      const FirstDifference first = *first_difference(explanation);
      const std::string pass = fmt::format("{} ({})", first.pass, spelling(first.stage));
      if (first.only_in_a.empty() && first.only_in_b.empty()) return pass;
      std::vector<std::string> sides;
      if (!first.only_in_a.empty()) sides.push_back(fmt::format("{} (ran on A only)", fmt::join(first.only_in_a, ", ")));
      if (!first.only_in_b.empty()) sides.push_back(fmt::format("{} (ran on B only)", fmt::join(first.only_in_b, ", ")));
      return fmt::format("{}, then {}", fmt::join(sides, "; "), pass);
    }
    case ExplainOutcome::stage: return "stage " + explanation.stage;
    case ExplainOutcome::no_divergence: return "no divergence";
    case ExplainOutcome::failed: return "not explained";
  }
  return "not explained";
}

std::vector<PassTableRow> pass_table(const std::vector<ExplainedPoint>& points) {
  struct LogMean {
    double sum = 0;
    int count = 0;
    void add(const std::optional<double>& value) {
      if (value && *value > 0) sum += std::log(*value), ++count;
    }
    std::optional<double> mean() const { return count ? std::optional<double>(std::exp(sum / count)) : std::nullopt; }
  };
  std::map<std::string, PassTableRow> rows;
  std::map<std::string, std::pair<LogMean, LogMean>> means;  // time's, counts'
  for (const ExplainedPoint& point : points) {
    const std::string where = first_difference_of(*point.explanation);
    PassTableRow& row = rows[where];
    row.where = where;
    ++row.points;
    if (!point.verdict.empty()) ++row.verdicts[point.verdict];
    means[where].first.add(point.speedup);
    means[where].second.add(point.instruction_ratio);
  }
  std::vector<PassTableRow> table;
  for (auto& [where, row] : rows) {
    row.geomean_speedup = means[where].first.mean();
    row.geomean_instruction_ratio = means[where].second.mean();
    table.push_back(std::move(row));
  }
  std::stable_sort(table.begin(), table.end(), [](const PassTableRow& x, const PassTableRow& y) { return x.points > y.points; });
  return table;
}

std::string pass_table_text(const std::vector<PassTableRow>& rows) {
  if (rows.empty()) return "";
  const bool counted = std::any_of(rows.begin(), rows.end(), [](const PassTableRow& row) { return row.geomean_instruction_ratio.has_value(); });
  std::string text = fmt::format("where the code first differs, over the points (their verdicts, {}geomean time B vs A):\n",
                                 counted ? "geomean instructions B/A, " : "");
  for (const PassTableRow& row : rows) {
    std::vector<std::string> verdicts;
    for (const char* word : {"FASTER", "SLOWER", "SAME", "AMBIGUOUS", "UNTRUSTED", "FAILED", "MISSING"})
      if (const auto found = row.verdicts.find(word); found != row.verdicts.end())
        verdicts.push_back(fmt::format("{} {}", word, found->second));
    std::vector<std::string> means;
    if (row.geomean_instruction_ratio) means.push_back(fmt::format("instructions {:.3f}x", *row.geomean_instruction_ratio));
    if (row.geomean_speedup) means.push_back(fmt::format("time {:.3f}x", *row.geomean_speedup));
    text += fmt::format("  {}: {} point{}{}{}\n", row.where, row.points, row.points == 1 ? "" : "s",
                        verdicts.empty() ? "" : fmt::format(" ({})", fmt::join(verdicts, ", ")),
                        means.empty() ? "" : fmt::format(", {}", fmt::join(means, ", ")));
  }
  return text;
}

}  // namespace abt
