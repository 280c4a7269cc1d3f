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
namespace {

// The ops a run planned, for saying what it holds: "cpu_saxpy, cpu_softmax".
std::string planned_ops(const RunData& run) {
  std::set<std::string> ops;
  for (const auto& id : run.results.planned) ops.insert(id.substr(0, id.find('/')));
  return ops.empty() ? "none" : fmt::format("{}", fmt::join(ops, ", "));
}

// Two runs that planned no point alike (other ops, another shape set): a mistake, not a comparison.
void check_common_points(const RunData& a, const RunData& b) {
  if (a.results.planned.empty() || b.results.planned.empty()) return;
  const std::set<std::string> in_a(a.results.planned.begin(), a.results.planned.end());
  for (const auto& id : b.results.planned)
    if (in_a.count(id)) return;
  throw InputError(fmt::format("A and B have no point in common: A planned {} point(s) of {}, B {} of {}", in_a.size(),
                               planned_ops(a), b.results.planned.size(), planned_ops(b)));
}

}  // namespace

int run_diff(const DiffOptions& options) {
  keep_freed_memory();  // every point builds and drops the same tables
  auto [a, b] = read_runs(options.a, options.b);
  check_common_points(a, b);
  Comparison report = compare_runs(a, b, options.rule);
  const Exporter* exporter = find_exporter(options.format);
  if (!exporter) throw InputError(fmt::format("--format: '{}' is not one of {}", options.format, export_format_names()));
  if (options.passes) explain_for_diff(a, b, report);
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
  print_gate(report, gate, options.bisect ? GateUse::bisect : GateUse::fail_on_regression, options.allow_incomplete, std::cerr);
  if (gate.outcome == GateOutcome::bad) return kExitPointFailed;
  if (options.bisect) return gate.outcome == GateOutcome::good ? kExitOk : kExitBisectSkip;
  if (gate.incomplete.size() == report.points.size()) return kExitPointFailed;  // nothing to gate on
  if (!gate.incomplete.empty() && !options.allow_incomplete) return kExitPointFailed;
  return kExitOk;
}

}  // namespace abt
