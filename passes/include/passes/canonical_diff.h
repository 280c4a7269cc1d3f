// Two pass outputs compared as code, not as text (issue "Explain II"): their value names matched
// between the sides instead of read as they are. normalize_ir already renumbers names in order of
// first appearance, but one value more near the top of a function (Triton 3.6.0's three
// unrealized_conversion_casts) shifts every number after it, and thousands of lines then differ by
// a number alone. Here each line is first read with its names blanked out (its skeleton), the
// skeletons are aligned, and an aligned pair is the same line only where its names correspond to
// the other side's by one bijection kept over the whole output. What is left is different code.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "passes/pass_dump.h"

namespace abt {

struct CanonicalDifference {
  size_t changed_lines = 0;  // lines on one side only, once names are matched
  // The same lines with the same names, only in another order (independent operations moved).
  bool order_only = false;
  bool ops_counted = false;  // the stage's operations are read (MLIR, LLVM IR, machine IR; not GCC's)
  // Operations whose count changed, B's count minus A's: largest changes first, then by name.
  std::vector<std::pair<std::string, long long>> op_changes;
  std::string excerpt;  // hunks of the lines that differ, at most kExcerptLines
};

// `a` and `b`: normalize_ir's (or GCC's normalized) output of one pass on each side.
CanonicalDifference canonical_difference(const std::string& a, const std::string& b, PassStage stage);

// Whether the two outputs are the same code up to the names of their values (no line changed).
bool same_code(const std::string& a, const std::string& b);

// "llvm.insertvalue +32, llvm.fmul -16, llvm.intr.fma +16" (at most `most` of them, then "...").
std::string op_changes_text(const std::vector<std::pair<std::string, long long>>& changes, size_t most = 8);

}  // namespace abt
