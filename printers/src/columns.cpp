#include "printers/columns.h"

#include <fmt/format.h>

#include "compare/cells.h"
#include "util/units.h"

namespace abt {
namespace {

std::string yes_no(const std::optional<bool>& value, const char* yes, const char* no) {
  return value ? (*value ? yes : no) : "-";
}

// B's instruction count against A's, where both were counted.
std::string instructions_cell(const PointComparison& row) {
  return row.instructions ? fmt::format("{:+.3f}%", row.instructions->change_pct) : "-";
}

std::string retune_cell(const PointComparison& row) {
  if (!row.retune) return "-";
  return fmt::format("{:.3f}x {}{}", row.retune->speedup, spelling(row.retune->verdict),
                     row.retune->optimum_moved ? " (moved: " + row.retune->b_variant + ")" : "");
}

}  // namespace

std::string output_cell(const PointComparison& row) {
  if (row.output_bits && row.output_bits->a_self_max_abs)
    return fmt::format("nondeterministic (A vs A max {:.2g}; B vs A max {:.2g}{})", *row.output_bits->a_self_max_abs,
                       row.output_bits->max_abs, within_own_spread(*row.output_bits) ? "" : ", beyond A's own spread");
  if (row.output_bits && !row.output_bits->identical)
    return fmt::format("DIFFERS max {:.2g}", row.output_bits->max_abs);
  return yes_no(row.same_output, "same", "DIFFERS");
}

const std::vector<Column>& table_columns() {
  static const std::vector<Column> columns{
      {ColumnKey::point, "point", false, [](const PointComparison& row) { return row.id; }, Placement::verdict},
      {ColumnKey::a_time, "A", true, [](const PointComparison& row) { return row.timed() ? format_microseconds(row.a->median_us) : "-"; },
       Placement::verdict},
      {ColumnKey::b_time, "B", true, [](const PointComparison& row) { return row.timed() ? format_microseconds(row.b->median_us) : "-"; },
       Placement::verdict},
      {ColumnKey::speedup, "speedup", true, [](const PointComparison& row) { return row.timed() ? fmt::format("{:.3f}x", row.speedup) : "-"; },
       Placement::verdict},
      {ColumnKey::interval, "95% CI", false,
       [](const PointComparison& row) {
         return row.timed() ? fmt::format("[{:.3f}, {:.3f}]", row.speedup_low, row.speedup_high) : "-";
       },
       Placement::verdict},
      {ColumnKey::verdict, "verdict", false,
       [](const PointComparison& row) {  // * : decided by another metric than the time beside it
         return std::string(spelling(row.verdict)) + (row.metric() == Metric::instructions ? "*" : "");
       },
       Placement::verdict, nullptr, true},
      {ColumnKey::instructions, "instructions", true, instructions_cell, Placement::verdict,
       [](const Comparison& report) { return report.decided_by_instructions() > 0; }},
      {ColumnKey::config, "config", false, config_cell, Placement::if_fits},
      {ColumnKey::samples, "n A/B", false, [](const PointComparison& row) { return row.timed() ? fmt::format("{}/{}", row.a->n, row.b->n) : "-"; }},
      {ColumnKey::spread, "spread A/B", false,
       [](const PointComparison& row) {
         return row.timed() ? fmt::format("{:.1f}%/{:.1f}%", row.a->spread_pct, row.b->spread_pct) : "-";
       }},
      {ColumnKey::drift, "drift", false, [](const PointComparison& row) { return row.drift_pct ? fmt::format("{:+.1f}%", *row.drift_pct) : "-"; }},
      {ColumnKey::output, "output", false, output_cell},
      {ColumnKey::ir_delta, "IR delta", false, [](const PointComparison& row) { return row.ir_delta ? row.ir_delta->short_text() : std::string("-"); }},
      {ColumnKey::passes, "first divergent pass", false,
       [](const PointComparison& row) { return row.passes ? explanation_text(*row.passes) : std::string("-"); },
       Placement::below, [](const Comparison& report) { return report.explained() > 0; }},
      {ColumnKey::retune, "retuned (best vs best)", false, retune_cell, Placement::below, [](const Comparison& report) { return report.retuned() > 0; }},
      {ColumnKey::note, "note", false, [](const PointComparison& row) { return row.note(); }},
      {ColumnKey::why, "why (counters)", false, [](const PointComparison& row) { return row.counters ? row.counters->why : std::string("-"); },
       Placement::below, [](const Comparison& report) { return report.with_counters() > 0; }},
  };
  return columns;
}

std::vector<Column> columns_for(const Comparison& report, Placement placement) {
  std::vector<Column> chosen;
  for (const Column& column : table_columns())
    if (int(column.placement) <= int(placement) && (!column.present || column.present(report))) chosen.push_back(column);
  return chosen;
}

}  // namespace abt
