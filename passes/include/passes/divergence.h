// The first pass whose output differs between two compiles (A's build and B's) while its input did
// not: the pass sequences aligned by name (a longest common subsequence, so a pass one build has
// and the other lacks does not shift the rest), then the first aligned point whose IR differs.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "passes/pass_dump.h"

namespace abt {

struct PassDivergence {
  bool diverged = false;        // false: every aligned point's IR is the same ("no divergence")
  size_t aligned = 0;           // passes both sides ran (0: other compilers, nothing to compare)
  PassStage stage = PassStage::ttir;
  std::string pass;             // the first pass whose output differs
  size_t a_lines = 0, b_lines = 0, changed_lines = 0;  // of its output: each side's lines, lines only on one side
  std::string excerpt;          // a unified diff of its output, at most kExcerptLines lines
  // Passes one build runs and the other does not, up to the divergent one (all, without one).
  std::vector<std::string> only_in_a, only_in_b;
  // Of those, the ones after the last pass whose output was still the same: where the change came
  // from when a pass runs on one side only (GCC's vect under -fno-tree-vectorize), not the first
  // common pass after it, which only shows it. Without a divergence: the passes after the last
  // common one, when the two sides' last outputs differ.
  std::vector<std::string> since_same_only_in_a, since_same_only_in_b;
  // Every pass of the whole pipeline that one side runs and the other never does (a pass new in a
  // newer build), each named once, in pipeline order; a pass both run at other places is in neither.
  std::vector<std::string> pipeline_only_in_a, pipeline_only_in_b;
  // The first divergence is in the MLIR module's attribute line alone (a pass one build runs and the
  // other lacks adds an attribute: Triton 3.6.0's "ttng.two-ctas" = false): from there on every
  // output differs, so `code` names the first aligned pass whose output differs in anything else,
  // where one does: the code's own first divergence. Without one, no pass changed the code apart.
  bool attributes_only = false;
  struct CodeDivergence {
    PassStage stage = PassStage::ttir;
    std::string pass;
    size_t changed_lines = 0;
    std::string excerpt;  // of its output without the attribute line
    // passes one side ran since the last aligned output whose code was alike: where the change came
    // from, if one did it (the first common pass after it only shows it)
    std::vector<std::string> since_same_only_in_a, since_same_only_in_b;
  };
  std::optional<CodeDivergence> code;
};

inline constexpr size_t kExcerptLines = 24;

PassDivergence first_divergence(const std::vector<PassPoint>& a, const std::vector<PassPoint>& b);

}  // namespace abt
