#include "compare/cells.h"

#include <fmt/format.h>

namespace abt {

std::string config_cell(const PointComparison& row) {
  if (row.a_variant.empty() && row.b_variant.empty()) return "-";
  if (row.a_variant == row.b_variant) return row.a_variant;
  return fmt::format("{} -> {}", row.a_variant.empty() ? "-" : row.a_variant, row.b_variant.empty() ? "-" : row.b_variant);
}

}  // namespace abt
