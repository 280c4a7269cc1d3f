// `diff --ir`: unified diffs of each measured variant's IR, A against B.
#pragma once
#include <ostream>
#include <string>

#include "compare/comparison.h"

namespace abt {

std::string unified_diff(const std::string& a_text, const std::string& b_text, const std::string& a_label,
                         const std::string& b_label);

void print_ir_diffs(const Comparison& report, std::ostream& out);

}  // namespace abt
