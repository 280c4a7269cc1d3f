#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>

#include "commands.h"
#include "compare/comparison.h"
#include "compare/ir_diff.h"
#include "printers/exporter.h"
#include "printers/gate_printer.h"
#include "util/errors.h"
#include "util/memory_reuse.h"
#include "util/terminal.h"

namespace abt {

int run_diff(const DiffOptions& options) {
  keep_freed_memory();  // every point builds and drops the same tables
  auto [a, b] = read_runs(options.a, options.b);
  require_common_points(a, b);
  Comparison report = compare_runs(a, b, options.rule);
  const Exporter* exporter = &exporter_of(options.format);
  if (options.passes) explain_for_diff(a, b, report);
  if (!options.group_by.empty()) report.groups = group_points(report, *parse_spelling<GroupBy>(options.group_by));
  if (options.ir) {  // thousands of lines: through the pager on a terminal
    std::ostringstream rendered;
    exporter->write(report, {stdout_wants_colour(), options.wide, stdout_width(), options.ir}, rendered);
    std::cout.flush();
    write_paged(rendered.str());
  } else {
    exporter->write(report, {stdout_wants_colour(), options.wide, stdout_width(), options.ir}, std::cout);
  }
  // On stderr whatever the format: scripts read the report from stdout and this from stderr.
  if (report.all_binaries_identical)
    std::cerr << "abtool diff: WARNING: B's code is byte-identical to A's; this comparison cannot show a compiler effect\n";
  for (const auto& warning : report.warnings)
    if (warning.kind == WarningKind::reversed_order || warning.kind == WarningKind::same_directory)
      fmt::print(stderr, "abtool diff: WARNING: {}\n", warning.text);
  if (!options.fail_on_regression && !options.bisect) return kExitOk;

  const Gate gate = gate_of(report);
  print_gate(report, gate, options.bisect ? GateUse::bisect : GateUse::fail_on_regression,
             {options.allow_incomplete, options.allow_undecided}, std::cerr);
  if (gate.outcome == GateOutcome::bad) return kExitPointFailed;
  if (options.bisect) return gate.outcome == GateOutcome::good ? kExitOk : kExitBisectSkip;
  if (gate.incomplete.size() == report.points.size()) return kExitPointFailed;  // nothing to gate on
  if (!gate.incomplete.empty() && !options.allow_incomplete) return kExitPointFailed;
  // A CI step is not green without a verdict: undecided is "cannot tell", as for git bisect.
  if (!gate.undecided.empty() && !options.allow_undecided) return kExitBisectSkip;
  return kExitOk;
}

}  // namespace abt
