// `abtool explain A B [POINT...]` and `diff --passes`: each point's measured variant of A and of B
// compiled again, with the compilers of A's and B's runs and per-pass IR dumps, and where inside
// the compiler their code parts (passes/explanation.h). Reads A and B; writes only into `out`.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "passes/explanation.h"
#include "rundir/run_data.h"

namespace abt {

// Why A's and B's compilers' passes cannot be compared (two families: "gcc" and "clang"), or "".
std::string two_families_reason(const CompilerFingerprint& a, const CompilerFingerprint& b);

struct ExplainRequest {
  std::vector<std::string> points;  // point ids; empty: every point whose measured binaries differ
  // Where the pass dumps of each side go (a new or empty folder outside A and B); none: nowhere.
  std::optional<std::filesystem::path> out;
  // `out` is B's own ir/passes/ (replay --passes): only A is refused as its place.
  bool out_in_b = false;
  // --skip-passes: B's variant compiled again with each of the passes where its code parts from A's
  // left out in turn (Triton's MLIR passes: abtool_skip_passes; GCC's: -fdisable-tree|rtl|ipa-NAME),
  // and what it then compiles to.
  bool skip_passes = false;
  size_t dump_cap_bytes = 256ull << 20;  // per point and side: the distinct pass outputs kept, at most
  // --raw: pass outputs compared as text (value names as printed), not as code (passes/canonical_diff.h).
  bool raw = false;
};

// The options with which a replay of A compiles as `run` compiled: its --compiler, its
// --compiler-flags with `extra_flag` added (explain --skip-passes --time: abtool_skip_passes=NAME),
// each --compiler-env. Throws InputError for a run whose meta.json names no compiler it can use.
std::vector<std::string> compiler_arguments(const RunData& run, const std::string& extra_flag);

// The points to explain when none are named: those measured on both sides whose binaries differ.
std::vector<std::string> points_whose_code_differs(const RunData& a, const RunData& b);

// Throws InputError for a named point absent from either run, an `out` inside A or B or not empty,
// and a side whose compiler or op cannot be set up again (naming the run's meta.json). A point whose
// variant does not compile again is explained as failed, with the compiler's last words.
// `progress` is told each point as it starts.
std::vector<PointExplanation> explain_points(const RunData& a, const RunData& b, const ExplainRequest& request,
                                             const std::function<void(const std::string&)>& progress = {});

}  // namespace abt
