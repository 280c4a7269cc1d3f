#include "printers/columns.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "compare/cells.h"
#include "util/units.h"

namespace abt {
namespace {

std::string yes_no(const std::optional<bool>& value, const char* yes, const char* no) {
  return value ? (*value ? yes : no) : "-";
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
      {ColumnKey::note, "note", false, [](const PointComparison& row) { return row.coded_note(); }},
      {ColumnKey::why, "why (counters)", false, [](const PointComparison& row) { return row.counters ? row.counters->why : std::string("-"); },
       Placement::below, [](const Comparison& report) { return report.with_counters() > 0; }},
  };
  return columns;
}

std::string metric_value_text(MetricId metric, double value, bool unit_word) {
  const std::string_view unit = metric_info(metric).unit;
  if (unit == "us") return format_microseconds(value);
  if (unit == "%") return fmt::format("{:.1f}%", value);
  if (unit == "ms") return fmt::format("{:.1f} ms", value);
  if (unit == "instructions" || !unit_word) return fmt::format("{:.0f}", value);
  return fmt::format("{:.0f} {}", value, unit);
}

std::string metric_change_cell(const MetricComparison* compared) {
  if (!compared || !compared->change_pct) return "-";
  // Three decimals for a count's small changes (0.1% counts), fewer as a change grows: +389.4%, +1723%.
  const double size = std::abs(*compared->change_pct);
  int decimals = size < 10 ? 3 : size < 100 ? 2 : size < 1000 ? 1 : 0;
  if (compared->info().judged == MetricJudged::beyond_reads) decimals = std::min(decimals, 1);
  return fmt::format("{:+.{}f}%", *compared->change_pct, decimals);
}

std::string metric_change_text(const MetricComparison& compared) {
  const MetricInfo& info = compared.info();
  if (!compared.a || !compared.b) return fmt::format("{} only in {}", info.label, compared.a ? "A" : "B");
  return fmt::format("{} {} -> {} ({}, {})", info.label, metric_value_text(compared.metric, compared.a->value()),
                     metric_value_text(compared.metric, compared.b->value()), metric_change_cell(&compared),
                     spelling(compared.change));
}

std::vector<Column> columns_for(const Comparison& report, Placement placement) {
  // A column per metric shown in tables that some point compares, after the verdict: a metric that
  // decides verdicts (instructions) in the table itself, the rest where every column is shown.
  std::vector<Column> metric_columns;
  for (MetricId id : report.metrics_compared()) {
    const MetricInfo& info = metric_info(id);
    const bool compared = std::any_of(report.points.begin(), report.points.end(), [&](const PointComparison& row) {
      const MetricComparison* metric = row.metric(id);
      return metric && metric->change_pct;
    });
    if (info.shown != MetricShown::table || !compared) continue;
    const Placement shown_at = info.judged == MetricJudged::by_point ? Placement::verdict : Placement::below;
    metric_columns.push_back({ColumnKey::metric, std::string(info.label), true,
                              [id](const PointComparison& row) { return metric_change_cell(row.metric(id)); }, shown_at,
                              nullptr, false, id});
  }
  std::vector<Column> chosen;
  for (const Column& column : table_columns()) {
    if (int(column.placement) <= int(placement) && (!column.present || column.present(report))) chosen.push_back(column);
    if (column.key == ColumnKey::verdict)
      for (const Column& metric : metric_columns)
        if (int(metric.placement) <= int(placement)) chosen.push_back(metric);
  }
  return chosen;
}

}  // namespace abt
