// Where inside the compiler two builds' code for one point parts (`abtool explain`, `diff --passes`):
// the first pass whose output differs, or, where every pass's IR is the same or the compiler prints
// none (NVRTC, nvcc), the first stage (ptx, cubin, ...) whose output differs.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "passes/divergence.h"
#include "passes/time_report.h"
#include "model/vocabulary.h"
#include "util/spelling.h"

namespace abt {

enum class ExplainOutcome {
  no_divergence,  // every pass's IR, every stage's output and the binaries are the same
  pass,           // divergence names the first pass whose output differs
  stage,          // no pass differs (or there are none to compare): `stage` is the first that does
  failed,         // `error` says why nothing could be compared
};
template <>
struct Spellings<ExplainOutcome> {
  static constexpr std::array<std::pair<ExplainOutcome, std::string_view>, 4> table{
      {{ExplainOutcome::no_divergence, "no_divergence"}, {ExplainOutcome::pass, "pass"}, {ExplainOutcome::stage, "stage"},
       {ExplainOutcome::failed, "failed"}}};
};

struct PassExplanation {
  ExplainOutcome outcome = ExplainOutcome::failed;
  PassDivergence divergence;  // outcome pass
  std::string stage;          // outcome stage: the IR kind ("ptx", "s") or "binary"
  size_t a_passes = 0, b_passes = 0;  // pass outputs each side printed (0: none)
  std::string no_passes;      // why a side printed none (then the stages answer)
  // Whether each side's compile with dumps built the binary its run measured (false: the dumps are
  // of other code than was timed: a compiler that is not deterministic, or changed since).
  std::optional<bool> a_rebuilt_measured, b_rebuilt_measured;
  std::string error;          // outcome failed
  // Each side's compile time by pass, where the compiler reports it (GCC's and Clang's
  // -ftime-report): the totals and the passes whose time changed most.
  struct PassTimes {
    double a_ms = 0, b_ms = 0;
    std::vector<PassTimeChange> largest;
  };
  std::optional<PassTimes> pass_times;
};

// explain --skip-passes: what B's variant compiles to with one of its passes left out.
enum class SkipOutcome {
  restores_a,  // A's code: the binary A's variant compiles to
  no_effect,   // B's own code: leaving it out changes nothing
  other_code,  // neither side's
  failed,      // it could not be left out (`detail` says why)
};
template <>
struct Spellings<SkipOutcome> {
  static constexpr std::array<std::pair<SkipOutcome, std::string_view>, 4> table{
      {{SkipOutcome::restores_a, "restores_a"}, {SkipOutcome::no_effect, "no_effect"}, {SkipOutcome::other_code, "other_code"},
       {SkipOutcome::failed, "failed"}}};
};

// explain --skip-passes --time: B replayed with the pass left out, A's binary timed beside it in the
// same rounds, and judged against A by the usual rules.
struct SkipTiming {
  Verdict verdict = Verdict::failed;  // of the run without the pass against A
  double speedup = 0, low = 0, high = 0;  // A's time / its time, with the 95% interval
  std::string run;    // the replay's run directory
  std::string error;  // why it has no verdict (the replay failed, or its point did)
};

struct SkippedPass {
  std::string pass;  // as explain names it: "tritongpu-coalesce", "tree vect"
  std::string flag;  // what B's compiler was given to leave it out: "abtool_skip_passes=tritongpu-coalesce", "-fdisable-tree-vect"
  SkipOutcome outcome = SkipOutcome::failed;
  std::string detail;
  std::optional<SkipTiming> timed;  // --time, for a pass whose leaving out changed B's code
};

struct PointExplanation {
  std::string point;  // its id
  std::string a_variant, b_variant;
  PassExplanation passes;
  std::optional<std::vector<SkippedPass>> skipped;  // only with --skip-passes: each candidate left out in turn
};

// B changed the time (`b_verdict` FASTER or SLOWER) and, left out of B, this pass gives A's time
// again (SAME): the pass that made the change.
bool restores_a_time(const SkippedPass& pass, std::string_view b_verdict);

// What a point's explanation leads with, and what the run's table counts it by, so the two always
// agree: the passes one side ran alone since the last output both had alike (the likelier cause: a
// pass switched off on one side, GCC's vect under -fno-tree-vectorize), then the first pass whose
// code differs, which only shows it. Where the first divergence is the module's attributes alone,
// the code's own first divergence and the passes one side ran before it.
struct FirstDifference {
  std::vector<std::string> only_in_a, only_in_b;  // ran on that side alone, since the last output alike
  PassStage stage = PassStage::ttir;
  std::string pass;
};
// Outcome `pass` only (none otherwise).
std::optional<FirstDifference> first_difference(const PassExplanation& explanation);

// One line: "after passes only A ran (tree ch_vect, tree vect), tree pass pcom",
// "llir (MLIR) pass ConvertTritonGPUToLLVM (...) (the module's attributes differ first, at ttgir pass ...)",
// "stage ptx (no pass's IR differs)", "no divergence", "failed: ...".
std::string explanation_text(const PassExplanation& explanation);

}  // namespace abt
