// `abtool report A B -o report.html`: one self-contained HTML file (no script, no network): the
// verdict summary and warnings, speedups sorted with their intervals, per-op tables, a roofline
// chart with A's and B's points, each point's sample distributions, the IR delta with collapsible
// diffs, and both runs' metadata (compilers, GPU, clocks, timing, markers).
#pragma once
#include <ostream>

#include "compare/comparison.h"
#include "rundir/run_data.h"

namespace abt {

// `report` is compare_runs(a, b, ...); the runs give the samples, rooflines and metadata.
void write_html_report(const Comparison& report, const RunData& a, const RunData& b, std::ostream& out);

}  // namespace abt
