#include "compare/report_printers.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "util/units.h"

namespace abt {

namespace {

std::string yes_no(const std::optional<bool>& value, const char* yes, const char* no) {
  return value ? (*value ? yes : no) : "-";
}

std::vector<std::string> header() {
  return {"point", "A", "B", "speedup", "95% CI", "verdict", "same config", "IR changed", "note"};
}

std::vector<std::vector<std::string>> table_rows(const Comparison& report) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : report.points) {
    bool timed = row.a_us && row.b_us;
    rows.push_back({row.id, row.a_us ? format_microseconds(*row.a_us) : "-",
                    row.b_us ? format_microseconds(*row.b_us) : "-", timed ? fmt::format("{:.3f}x", row.speedup) : "-",
                    timed ? fmt::format("[{:.3f}, {:.3f}]", row.speedup_low, row.speedup_high) : "-",
                    std::string(spelling(row.verdict)), yes_no(row.same_config, "yes", "NO"),
                    yes_no(row.ir_changed, "yes", "no"), row.note});
  }
  return rows;
}

std::string summary_line(const Comparison& report) {
  std::string text = report.geomean_speedup
                         ? fmt::format("geomean speedup B vs A: {:.3f}x over trusted points", *report.geomean_speedup)
                         : std::string("geomean speedup B vs A: n/a (no trusted points)");
  return text + fmt::format(" | FASTER {} SLOWER {} SAME {} UNTRUSTED {} FAILED {} MISSING {} (threshold {}%)",
                            report.count(Verdict::faster), report.count(Verdict::slower), report.count(Verdict::same),
                            report.count(Verdict::untrusted), report.count(Verdict::failed),
                            report.count(Verdict::missing), report.threshold_pct);
}

}  // namespace

void print_text(const Comparison& report, std::ostream& out) {
  out << "A: " << report.a_dir << "\nB: " << report.b_dir << "\n";
  for (const auto& warning : report.warnings) out << "WARNING: " << warning << "\n";
  auto rows = table_rows(report);
  auto head = header();
  std::vector<size_t> widths(head.size());
  for (size_t c = 0; c < head.size(); ++c) {
    widths[c] = head[c].size();
    for (const auto& row : rows) widths[c] = std::max(widths[c], row[c].size());
  }
  auto print_row = [&](const std::vector<std::string>& row) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      bool numeric = c >= 1 && c <= 3;
      line += numeric ? fmt::format("{:>{}}", row[c], widths[c]) : fmt::format("{:<{}}", row[c], widths[c]);
      if (c + 1 < row.size()) line += "  ";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  };
  print_row(head);
  for (const auto& row : rows) print_row(row);
  out << summary_line(report) << "\n";
}

void print_markdown(const Comparison& report, std::ostream& out) {
  out << "**A:** `" << report.a_dir << "`  \n**B:** `" << report.b_dir << "`\n\n";
  for (const auto& warning : report.warnings) out << "> **WARNING:** " << warning << "\n\n";
  auto head = header();
  out << "| " << fmt::format("{}", fmt::join(head, " | ")) << " |\n|";
  for (size_t c = 0; c < head.size(); ++c) out << (c >= 1 && c <= 3 ? "---:|" : "---|");
  out << "\n";
  for (auto row : table_rows(report)) {
    for (auto& cell : row) {
      std::string escaped;
      for (char ch : cell) escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
      cell = escaped;
    }
    out << "| " << fmt::format("{}", fmt::join(row, " | ")) << " |\n";
  }
  out << "\n" << summary_line(report) << "\n";
}

void print_json(const Comparison& report, std::ostream& out) { out << report.to_json().dump(2) << "\n"; }

}  // namespace abt
