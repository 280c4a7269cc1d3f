// The columns of diff's point table, declared once (title, alignment, cell, where the default
// layout shows it): the text table, --wide, Markdown and the HTML report pick from this list by
// placement and presence, never by position; a format that renders a cell its own way (the HTML
// report's links) finds the column by its key.
#pragma once
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
  point, a_time, b_time, speedup, interval, verdict, instructions, config, samples, spread, drift, output, ir_delta,
  passes, retune, note, why,
};

struct Column {
  ColumnKey key;
  const char* title;
  bool numeric;  // right-aligned
  std::string (*cell)(const PointComparison&);
  Placement placement = Placement::below;
  bool (*present)(const Comparison&) = nullptr;  // null: every report has it
  bool verdict = false;                          // the verdict: coloured on a terminal
};

const std::vector<Column>& table_columns();  // in table order
// The columns `report` has something in, placed at most at `placement` (Placement::below: all).
std::vector<Column> columns_for(const Comparison& report, Placement placement);

// Cells a printer also shows elsewhere (the lines below the table).
std::string output_cell(const PointComparison& row);

}  // namespace abt
