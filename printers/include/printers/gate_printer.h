// What `diff --fail-on-regression` and `diff --bisect` say on stderr about the points their gate
// judged (compare/comparison.h, gate_of): a line per regression with its numbers, a line per point
// that could not be compared or decided, and why the gate failed when no regression did. The
// sentences are made here only; the command decides its exit code.
#pragma once
#include <ostream>

#include "compare/comparison.h"

namespace abt {

enum class GateUse {
  fail_on_regression,  // a CI job: regressions, then the points not compared
  bisect,              // git bisect run: a regression decides; else the points that cannot tell
};

// What --fail-on-regression accepts: points not compared (--allow-incomplete; unless none was),
// points compared and undecided (--allow-undecided).
struct GateAllowance {
  bool incomplete = false;
  bool undecided = false;
};
void print_gate(const Comparison& report, const Gate& gate, GateUse use, GateAllowance allow, std::ostream& out);

// A regression in one line: "cpu_saxpy/65536/fp32 5.25 us -> 27.47 us (0.191x, 95% CI [0.191, 0.191])
// beyond --threshold 2%", by instructions where the counts decided it.
std::string regression_text(const Comparison& report, const PointComparison& row);

}  // namespace abt
