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

// Where a point's code first differs, as the table names it and as its headline leads
// (first_difference): the passes one side ran alone before it where there are any ("tree vect (ran
// on A only), then pcom (tree)"), the pass with its stage, "stage ptx", "no divergence" or "not
// explained".
std::string first_difference_of(const PassExplanation& explanation);

// Each geomean is of one metric, as diff's headline: the time's over the points whose time is
// trusted, the instruction counts' over the points that counted them (what decided their verdicts).
struct PassTableRow {
  std::string where;
  int points = 0;
  std::map<std::string, int> verdicts;    // by verdict word (SLOWER, SAME, ...)
  std::optional<double> geomean_speedup;  // A's time / B's, over its points that have one
  std::optional<double> geomean_instruction_ratio;  // B's count / A's, over its points that have one
};

struct ExplainedPoint {
  const PassExplanation* explanation = nullptr;
  std::string verdict;                      // "" where there is none
  std::optional<double> speedup;            // A's time / B's, where measured on both sides and trusted
  std::optional<double> instruction_ratio;  // B's instructions / A's, where both sides counted them
};

// Rows by points (most first), then by name.
std::vector<PassTableRow> pass_table(const std::vector<ExplainedPoint>& points);
// The table as explain and diff print it, a line a row under a heading; "" without rows.
std::string pass_table_text(const std::vector<PassTableRow>& rows);

}  // namespace abt
