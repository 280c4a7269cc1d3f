// `diff --format text`: the point table for a terminal, what the table leaves out on a line per
// point below it, the summary.
#include <fmt/format.h>

#include <vector>

#include "printers/columns.h"
#include "compare/cells.h"
#include "compare/ir_diff.h"
#include "printers/exporter.h"
#include "printers/printers.h"
#include "summary.h"
#include "table.h"
#include "util/terminal.h"

namespace abt {
namespace {

constexpr size_t kDefaultWidth = 80;  // the table's width off a terminal

// One line per point for what the narrow table leaves out, when there is something to say.
std::string point_details(const PointComparison& row, bool config_shown) {
  std::vector<std::string> parts;
  if (!config_shown) parts.push_back("config " + config_cell(row));
  if (row.same_output && !*row.same_output) parts.push_back("output bits " + output_cell(row));
  if (row.ir_delta && row.ir_delta->changed) parts.push_back("IR " + row.ir_delta->short_text());
  if (row.passes) parts.push_back("first divergent pass: " + explanation_text(*row.passes));
  if (row.counters) parts.push_back("why: " + row.counters->why);
  // A metric shown in tables that changed (one that decides verdicts is in the table and the note).
  for (const MetricComparison& metric : row.metrics)
    if (metric.info().shown == MetricShown::table && metric.info().judged != MetricJudged::by_point &&
        (metric.change == MetricChange::better || metric.change == MetricChange::worse))
      parts.push_back(metric_change_text(metric));
  if (row.retune)
    parts.push_back(fmt::format("best vs best {:.3f}x [{:.3f}, {:.3f}] {}{}{}", row.retune->speedup, row.retune->speedup_low,
                                row.retune->speedup_high, spelling(row.retune->verdict),
                                row.retune->optimum_moved ? ", optimum moved to " + row.retune->b_variant : "",
                                row.retune->identical_code ? " (identical code)" : ""));
  if (!row.note().empty()) parts.push_back(row.coded_note());
  if (parts.empty()) return "";
  return fmt::format("{}: {}", row.id, fmt::join(parts, "; "));
}

class TextExporter : public Exporter {
 public:
  void write(const Comparison& report, const ExportOptions& options, std::ostream& out) const override {
    print_text(report, out, options.colour, options.wide, options.width);
    if (options.ir) {
      out << "\n";
      print_ir_diffs(report, out, false, options.wide ? std::string::npos : options.width);
    }
  }
};

}  // namespace

const Exporter& text_exporter() {
  static const TextExporter exporter;
  return exporter;
}

void print_text(const Comparison& report, std::ostream& out, bool colour, bool wide, size_t width) {
  out << "A: " << report.a_dir << "\nB: " << report.b_dir << "\n";
  for (const auto& warning : report.warnings)
    out << (wide ? "WARNING: " + warning.text : wrap_text("WARNING: " + warning.text, width, "  ")) << "\n";
  if (wide) {
    Table(columns_for(report, Placement::below), report).print(out, colour);
    out << table_legend(report) << "\n";
    out << summary_text(report) << "\n";
    return;
  }
  // `width` columns: the verdict's columns always; the config too where it fits; the rest below.
  // Off a terminal (no width) the table is chosen for 80 columns and nothing is broken.
  const size_t table_width = width != std::string::npos ? width : kDefaultWidth;
  Table table(columns_for(report, Placement::if_fits), report);
  const bool config_shown = table.width() <= table_width;
  if (!config_shown) table = Table(columns_for(report, Placement::verdict), report);
  table.print(out, colour, width);
  out << wrap_text(table_legend(report), width, "  ") << "\n";
  std::vector<std::string> details;
  for (const auto& row : report.points)
    if (std::string line = point_details(row, config_shown); !line.empty()) details.push_back(line);
  if (!details.empty()) {
    out << "\n";
    for (const auto& line : details) out << "  " << wrap_text(line, width, "    ", 2) << "\n";
  }
  out << wrap_text(summary_text(report), width, "  ") << "\n";
}

}  // namespace abt
