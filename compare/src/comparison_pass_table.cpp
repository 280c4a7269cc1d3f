#include "compare/comparison.h"

namespace abt {

std::vector<PassTableRow> pass_table_of(const Comparison& report) {
  std::vector<ExplainedPoint> points;
  for (const PointComparison& row : report.points)
    if (row.passes)
      points.push_back({&*row.passes, std::string(spelling(row.verdict)), row.trusted_speedup(), row.instruction_ratio()});
  return pass_table(points);
}

}  // namespace abt
