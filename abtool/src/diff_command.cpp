#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <iostream>
#include <set>

#include "commands.h"
#include "compare/comparison.h"
#include "compare/ir_diff.h"
#include "printers/exporter.h"
#include "util/environment.h"
#include "util/errors.h"
#include "util/memory_reuse.h"
#include "util/terminal.h"
#include "util/units.h"

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
  Comparison report =
      compare_runs(a, b, options.threshold_pct, environment().exhaustive_bootstrap, options.instruction_threshold_pct);
  const Exporter* exporter = find_exporter(options.format);
  if (!exporter) throw InputError(fmt::format("--format: '{}' is not one of {}", options.format, export_format_names()));
  if (options.passes) explain_for_diff(a, b, report);
  exporter->write(report, {stdout_wants_colour(), options.wide, stdout_width(), options.ir}, std::cout);
  // On stderr whatever the format: scripts read the report from stdout and this from stderr.
  if (report.all_binaries_identical)
    std::cerr << "abtool diff: WARNING: B's code is byte-identical to A's; this comparison cannot show a compiler effect\n";
  for (const auto& warning : report.warnings)
    if (warning.kind == WarningKind::reversed_order || warning.kind == WarningKind::same_directory)
      fmt::print(stderr, "abtool diff: WARNING: {}\n", warning.text);
  if (!options.fail_on_regression && !options.bisect) return kExitOk;

  const Gate gate = gate_of(report);
  for (const PointComparison* row : gate.regressions)
    if (row->instructions)
      fmt::print(stderr, "abtool diff: regression: {} {} -> {} instructions ({:+.3f}%) beyond --instructions-threshold {}% "
                         "(time {} -> {}, {})\n",
                 row->id, row->instructions->a, row->instructions->b, row->instructions->change_pct,
                 report.instruction_threshold_pct, format_microseconds(row->a->median_us),
                 format_microseconds(row->b->median_us), spelling(row->timing_verdict.value_or(Verdict::ambiguous)));
    else
      fmt::print(stderr, "abtool diff: regression: {} {} -> {} ({:.3f}x, 95% CI [{:.3f}, {:.3f}]) beyond --threshold {}%\n",
                 row->id, format_microseconds(row->a->median_us), format_microseconds(row->b->median_us), row->speedup,
                 row->speedup_low, row->speedup_high, report.threshold_pct);
  auto list = [](const char* what, const std::vector<const PointComparison*>& rows) {
    for (const PointComparison* row : rows)
      fmt::print(stderr, "abtool diff: {}: {} {}{}\n", what, row->id, spelling(row->verdict), row->note().empty() ? "" : " (" + row->note() + ")");
  };
  if (options.bisect) {
    if (gate.outcome == GateOutcome::bad) return kExitPointFailed;
    if (gate.outcome == GateOutcome::good) return kExitOk;
    list("cannot tell", gate.incomplete);
    list("cannot tell", gate.undecided);
    return kExitBisectSkip;
  }
  // The points not compared are listed whatever else fails the job: a regression does not hide them.
  list("incomplete", gate.incomplete);
  if (gate.outcome == GateOutcome::bad) return kExitPointFailed;
  if (gate.incomplete.size() == report.points.size()) {
    fmt::print(stderr, "abtool diff: no point could be compared: nothing to gate on (--allow-incomplete accepts some, not all)\n");
    return kExitPointFailed;
  }
  if (!gate.incomplete.empty() && !options.allow_incomplete) {
    fmt::print(stderr, "abtool diff: {} point(s) could not be compared (--allow-incomplete accepts that)\n", gate.incomplete.size());
    return kExitPointFailed;
  }
  return kExitOk;
}

}  // namespace abt
