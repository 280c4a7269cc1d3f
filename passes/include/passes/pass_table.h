// The run's passes (issue "Explain II"): which pass each point's code first differs at, counted over
// the points with their verdicts and geomean speedup, so "which pass made this nightly slower" is
// one table (explain, diff --passes, the report).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "passes/explanation.h"

namespace abt {

// Where a point's code first differs, as the table names it: the pass with its stage (the code's
// own pass where the first divergence is the module's attributes alone), "stage ptx", "no
// divergence" or "not explained".
std::string first_difference_of(const PassExplanation& explanation);

struct PassTableRow {
  std::string where;
  int points = 0;
  std::map<std::string, int> verdicts;    // by verdict word (SLOWER, SAME, ...)
  std::optional<double> geomean_speedup;  // over its points that have one
};

struct ExplainedPoint {
  const PassExplanation* explanation = nullptr;
  std::string verdict;            // "" where there is none
  std::optional<double> speedup;  // A's time / B's, where measured on both sides
};

// Rows by points (most first), then by name.
std::vector<PassTableRow> pass_table(const std::vector<ExplainedPoint>& points);
// The table as explain and diff print it, a line a row under a heading; "" without rows.
std::string pass_table_text(const std::vector<PassTableRow>& rows);

}  // namespace abt
