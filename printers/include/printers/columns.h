// The columns of diff's point table, declared once (title, alignment, cell, where the default
// layout shows it): the text table, --wide, Markdown and the HTML report pick from this list by
// placement and presence, never by position; a format that renders a cell its own way (the HTML
// report's links) finds the column by its key. A metric shown in tables (model/metric.h,
// MetricShown::table) is a column of its own, made from its description: none is written here.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace abt {

// Where the default text layout (80 columns) shows a column; --wide and Markdown show every one
// the report has.
enum class Placement {
  verdict,  // always in the table: the point, its times, the speedup and the verdict
  if_fits,  // in the table where it fits the width, else on the point's line below
  below,    // on the point's line below the table
};

enum class ColumnKey {
  point, a_time, b_time, speedup, interval, verdict, metric, config, samples, spread, drift, output, ir_delta,
  passes, retune, note, why,
};

struct Column {
  ColumnKey key;
  std::string title;
  bool numeric;  // right-aligned
  std::function<std::string(const PointComparison&)> cell;
  Placement placement = Placement::below;
  bool (*present)(const Comparison&) = nullptr;  // null: every report has it
  bool verdict = false;                          // the verdict: coloured on a terminal
  std::optional<MetricId> metric;                // ColumnKey::metric: which
};

const std::vector<Column>& table_columns();  // in table order
// The columns `report` has something in, placed at most at `placement` (Placement::below: all).
std::vector<Column> columns_for(const Comparison& report, Placement placement);

// Cells a printer also shows elsewhere (the lines below the table).
std::string output_cell(const PointComparison& row);

// A metric's value as people read it, by its unit: "1234 bytes", "12.35 us", "81.2%"; without
// `unit_word`, a count's word is left to the column's title ("1234").
std::string metric_value_text(MetricId metric, double value, bool unit_word = true);
// B's change of a metric in a table's cell: "+0.142%"; "-" where it has none.
std::string metric_change_cell(const MetricComparison* compared);
// The change in words, for the line below the table: "code bytes 1,200 -> 1,312 (+9.33%, worse)".
std::string metric_change_text(const MetricComparison& compared);

}  // namespace abt
