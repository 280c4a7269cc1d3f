// `abtool report A B -o report.html`: one self-contained HTML file (no script, no network): the
// verdict summary and warnings, speedups sorted with their intervals, per-op tables, a roofline
// chart with A's and B's points, each point's sample distributions, the IR delta with collapsible
// diffs, and both runs' metadata (compilers, GPU, clocks, timing, markers). It shows what the
// comparison decided; it reads neither run itself.
#pragma once
#include <ostream>

#include "compare/comparison.h"

namespace abt {

// `report` is compare_runs(a, b, ...), with a and b alive (it holds views of their samples).
void write_html_report(const Comparison& report, std::ostream& out);

}  // namespace abt
