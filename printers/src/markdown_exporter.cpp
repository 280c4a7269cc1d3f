// `diff --format md`: every column the report has, as a Markdown table, then the summary.
#include <fmt/format.h>

#include "printers/columns.h"
#include "compare/ir_diff.h"
#include "printers/exporter.h"
#include "printers/printers.h"
#include "summary.h"
#include "table.h"

namespace abt {
namespace {

class MarkdownExporter : public Exporter {
 public:
  void write(const Comparison& report, const ExportOptions& options, std::ostream& out) const override {
    print_markdown(report, out);
    if (options.ir) {
      out << "\n";
      print_ir_diffs(report, out, true);
    }
  }
};

}  // namespace

const Exporter& markdown_exporter() {
  static const MarkdownExporter exporter;
  return exporter;
}

void print_markdown(const Comparison& report, std::ostream& out) {
  out << "**A:** `" << report.a_dir << "`  \n**B:** `" << report.b_dir << "`\n\n";
  for (const auto& warning : report.warnings) out << "> **WARNING:** " << warning.text << "\n\n";
  const Table table(columns_for(report, Placement::below), report);
  out << "|";
  for (const auto& column : table.columns) out << " " << column.title << " |";
  out << "\n|";
  for (const auto& column : table.columns) out << (column.numeric ? "---:|" : "---|");
  out << "\n";
  for (auto row : table.rows) {
    for (auto& cell : row) {
      std::string escaped;
      for (char ch : cell) escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
      cell = escaped;
    }
    out << "| " << fmt::format("{}", fmt::join(row, " | ")) << " |\n";
  }
  // Each summary line a paragraph of its own: Markdown joins lines a single newline separates.
  std::string summary = summary_text(report);
  for (size_t at = summary.find('\n'); at != std::string::npos; at = summary.find('\n', at + 2)) summary.replace(at, 1, "\n\n");
  out << "\n" << table_legend(report) << "\n\n" << summary << "\n";
}

}  // namespace abt
