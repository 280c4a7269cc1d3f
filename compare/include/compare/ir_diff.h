// `diff --ir`: unified diffs of each measured variant's IR, A against B.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/comparison.h"

namespace abt {

std::string unified_diff(const std::string& a_text, const std::string& b_text, const std::string& a_label,
                         const std::string& b_label);

struct IrFileDiff {
  std::string point;
  std::string kind;     // the extension: ptx, sass, res, s, ...
  std::string a_file, b_file;  // relative to each run directory
  std::string diff;     // unified; empty when identical
};
std::vector<IrFileDiff> ir_diffs(const Comparison& report);

void print_ir_diffs(const Comparison& report, std::ostream& out);
nlohmann::json ir_diffs_json(const Comparison& report);  // for `diff --ir --format json`

}  // namespace abt
