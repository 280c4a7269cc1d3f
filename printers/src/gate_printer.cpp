#include "printers/gate_printer.h"

#include <fmt/format.h>

#include "util/units.h"

namespace abt {
namespace {

void list(std::ostream& out, const char* what, const std::vector<const PointComparison*>& rows) {
  for (const PointComparison* row : rows)
    out << fmt::format("abtool diff: {}: {} {}{}\n", what, row->id, spelling(row->verdict),
                       row->note().empty() ? "" : " (" + row->coded_note() + ")");
}

}  // namespace

std::string regression_text(const Comparison& report, const PointComparison& row) {
  if (row.instructions)
    return fmt::format("{} {} -> {} instructions ({:+.3f}%) beyond --instructions-threshold {}% (time {} -> {}, {})", row.id,
                       row.instructions->a, row.instructions->b, row.instructions->change_pct, report.rule.instruction_threshold_pct,
                       format_microseconds(row.a->median_us), format_microseconds(row.b->median_us),
                       spelling(row.timing_verdict.value_or(Verdict::ambiguous)));
  return fmt::format("{} {} -> {} ({:.3f}x, 95% CI [{:.3f}, {:.3f}]) beyond --threshold {}%", row.id,
                     format_microseconds(row.a->median_us), format_microseconds(row.b->median_us), row.speedup, row.speedup_low,
                     row.speedup_high, report.rule.threshold_pct);
}

void print_gate(const Comparison& report, const Gate& gate, GateUse use, GateAllowance allow, std::ostream& out) {
  for (const PointComparison* row : gate.regressions) out << "abtool diff: regression: " << regression_text(report, *row) << "\n";
  if (use == GateUse::bisect) {
    if (gate.outcome != GateOutcome::cannot_tell) return;
    list(out, "cannot tell", gate.incomplete);
    list(out, "cannot tell", gate.undecided);
    return;
  }
  // The points not compared are listed whatever else fails the job: a regression does not hide them.
  list(out, "incomplete", gate.incomplete);
  if (gate.outcome == GateOutcome::bad) return;
  if (gate.incomplete.size() == report.points.size()) {
    out << "abtool diff: no point could be compared: nothing to gate on (--allow-incomplete accepts some, not all)\n";
    return;
  }
  if (!gate.incomplete.empty() && !allow.incomplete) {
    out << fmt::format("abtool diff: {} point(s) could not be compared (--allow-incomplete accepts that)\n", gate.incomplete.size());
    return;
  }
  if (gate.undecided.empty() || allow.undecided) return;
  list(out, "undecided", gate.undecided);
  const size_t compared = report.points.size() - gate.incomplete.size();
  out << fmt::format("abtool diff: {}: no verdict to pass the job on (more rounds, or a quieter machine, decide "
                     "them; --allow-undecided accepts that); exit 125\n",
                     gate.undecided.size() == compared ? "no point was decided"
                                                       : fmt::format("{} of {} point(s) compared were not decided",
                                                                     gate.undecided.size(), compared));
}

}  // namespace abt
