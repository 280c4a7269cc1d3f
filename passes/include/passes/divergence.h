// The first pass whose output differs between two compiles (A's build and B's) while its input did
// not: the pass sequences aligned by name (a longest common subsequence, so a pass one build has
// and the other lacks does not shift the rest), then the first aligned point whose IR differs.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "passes/pass_dump.h"

namespace abt {

struct PassDivergence {
  bool diverged = false;        // false: every aligned point's IR is the same ("no divergence")
  size_t aligned = 0;           // passes both sides ran (0: other compilers, nothing to compare)
  PassStage stage = PassStage::ttir;
  std::string pass;             // the first pass whose output differs
  // Of its output: each side's lines, and the lines on one side only once value names are matched
  // between the sides (canonical_diff.h), or as the text has them (--raw: then raw == changed).
  size_t a_lines = 0, b_lines = 0, changed_lines = 0, raw_changed_lines = 0;
  bool canonical = true;        // compared as code (names matched); false: as text (--raw)
  bool order_only = false;      // the same operations, in another order
  bool ops_counted = false;     // op_changes read (not for GCC's dumps)
  std::vector<std::pair<std::string, long long>> op_changes;  // operation -> B's count minus A's
  std::string excerpt;          // its output's changed lines, at most kExcerptLines lines
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
    size_t changed_lines = 0, raw_changed_lines = 0;
    bool order_only = false, ops_counted = false;
    std::vector<std::pair<std::string, long long>> op_changes;
    std::string excerpt;  // of its output without the attribute line
    // passes one side ran since the last aligned output whose code was alike: where the change came
    // from, if one did it (the first common pass after it only shows it)
    std::vector<std::string> since_same_only_in_a, since_same_only_in_b;
  };
  std::optional<CodeDivergence> code;
};

inline constexpr size_t kExcerptLines = 24;

// `canonical`: outputs that differ only in their value names are the same (canonical_diff.h);
// false (explain --raw): any difference in their normalized text is one.
PassDivergence first_divergence(const std::vector<PassPoint>& a, const std::vector<PassPoint>& b, bool canonical = true);

}  // namespace abt
