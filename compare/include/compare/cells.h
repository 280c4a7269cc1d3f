// The cells of a point's row that every printer (text, Markdown, CSV) and the HTML report show
// alike, worked out once here.
#pragma once
#include <string>

#include "compare/comparison.h"

namespace abt {

// A's and B's variant: one name when the config is the same, "A -> B" when not; "-" for none.
std::string config_cell(const PointComparison& row);

}  // namespace abt
