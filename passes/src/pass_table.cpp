#include "passes/pass_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace abt {

std::string first_difference_of(const PassExplanation& explanation) {
  switch (explanation.outcome) {
    case ExplainOutcome::pass: {
      const PassDivergence& divergence = explanation.divergence;
      if (divergence.attributes_only && divergence.code)
        return fmt::format("{} ({})", divergence.code->pass, spelling(divergence.code->stage));
      return fmt::format("{} ({})", divergence.pass, spelling(divergence.stage));
    }
    case ExplainOutcome::stage: return "stage " + explanation.stage;
    case ExplainOutcome::no_divergence: return "no divergence";
    case ExplainOutcome::failed: return "not explained";
  }
  return "not explained";
}

std::vector<PassTableRow> pass_table(const std::vector<ExplainedPoint>& points) {
  std::map<std::string, PassTableRow> rows;
  std::map<std::string, std::pair<double, int>> logs;  // sum of log speedups, how many
  for (const ExplainedPoint& point : points) {
    const std::string where = first_difference_of(*point.explanation);
    PassTableRow& row = rows[where];
    row.where = where;
    ++row.points;
    if (!point.verdict.empty()) ++row.verdicts[point.verdict];
    if (point.speedup && *point.speedup > 0) logs[where].first += std::log(*point.speedup), ++logs[where].second;
  }
  std::vector<PassTableRow> table;
  for (auto& [where, row] : rows) {
    if (const auto found = logs.find(where); found != logs.end() && found->second.second > 0)
      row.geomean_speedup = std::exp(found->second.first / found->second.second);
    table.push_back(std::move(row));
  }
  std::stable_sort(table.begin(), table.end(), [](const PassTableRow& x, const PassTableRow& y) { return x.points > y.points; });
  return table;
}

std::string pass_table_text(const std::vector<PassTableRow>& rows) {
  if (rows.empty()) return "";
  std::string text = "where the code first differs, over the points (their verdicts, geomean speedup B vs A):\n";
  for (const PassTableRow& row : rows) {
    std::vector<std::string> verdicts;
    for (const char* word : {"FASTER", "SLOWER", "SAME", "AMBIGUOUS", "UNTRUSTED", "FAILED", "MISSING"})
      if (const auto found = row.verdicts.find(word); found != row.verdicts.end())
        verdicts.push_back(fmt::format("{} {}", word, found->second));
    text += fmt::format("  {}: {} point{}{}{}\n", row.where, row.points, row.points == 1 ? "" : "s",
                        verdicts.empty() ? "" : fmt::format(" ({})", fmt::join(verdicts, ", ")),
                        row.geomean_speedup ? fmt::format(", {:.3f}x", *row.geomean_speedup) : "");
  }
  return text;
}

}  // namespace abt
