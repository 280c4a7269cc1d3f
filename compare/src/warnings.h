// The warnings of a comparison (comparison.h's WarningKind), worked out from the two runs and
// the points compared.
#pragma once
#include "compare/comparison.h"

namespace abt {

void add_warnings(const RunData& a, const RunData& b, Comparison& report);

}  // namespace abt
