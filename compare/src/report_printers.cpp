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
  return {"point", "A", "B", "speedup", "95% CI", "verdict", "n A/B", "spread A/B", "drift", "same config", "IR delta", "note"};
}
constexpr size_t kFirstNumeric = 1, kLastNumeric = 3;  // right-aligned columns

std::vector<std::vector<std::string>> table_rows(const Comparison& report) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : report.points) {
    const bool timed = row.a && row.b;
    rows.push_back({row.id, timed ? format_microseconds(row.a->median_us) : "-",
                    timed ? format_microseconds(row.b->median_us) : "-", timed ? fmt::format("{:.3f}x", row.speedup) : "-",
                    timed ? fmt::format("[{:.3f}, {:.3f}]", row.speedup_low, row.speedup_high) : "-",
                    std::string(spelling(row.verdict)),
                    timed ? fmt::format("{}/{}", row.a->n, row.b->n) : "-",
                    timed ? fmt::format("{:.1f}%/{:.1f}%", row.a->spread_pct, row.b->spread_pct) : "-",
                    row.drift_pct ? fmt::format("{:+.1f}%", *row.drift_pct) : "-", yes_no(row.same_config, "yes", "NO"),
                    row.ir_delta ? row.ir_delta->short_text() : "-", row.note});
  }
  return rows;
}

std::string summary_line(const Comparison& report) {
  std::string text = report.geomean_speedup
                         ? fmt::format("geomean speedup B vs A: {:.3f}x over trusted points", *report.geomean_speedup)
                         : std::string("geomean speedup B vs A: n/a (no trusted points)");
  text += fmt::format(" | FASTER {} SLOWER {} SAME {} AMBIGUOUS {} UNTRUSTED {} FAILED {} MISSING {} (threshold {}%)",
                      report.count(Verdict::faster), report.count(Verdict::slower), report.count(Verdict::same),
                      report.count(Verdict::ambiguous), report.count(Verdict::untrusted), report.count(Verdict::failed),
                      report.count(Verdict::missing), report.threshold_pct);
  if (!report.compile_times.empty()) {
    std::vector<std::string> ops;
    for (const auto& op : report.compile_times)
      ops.push_back(fmt::format("{} {:.2f}x ({} point{}, {:.0f} -> {:.0f} ms)", op.op, op.geomean_ratio, op.points,
                                op.points == 1 ? "" : "s", op.a_total_ms, op.b_total_ms));
    text += fmt::format("\ncompile time B vs A (measured variants): {}", fmt::join(ops, ", "));
    if (!report.slowest_compiles.empty()) {
      std::vector<std::string> slowest;
      for (const PointComparison* row : report.slowest_compiles)
        slowest.push_back(fmt::format("{} {:.0f} -> {:.0f} ms", row->id, *row->a_compile_ms, *row->b_compile_ms));
      text += fmt::format("; most slowed: {}", fmt::join(slowest, ", "));
    }
  }
  int paired = 0;
  for (const auto& row : report.points) paired += row.in_process_pair;
  if (paired)
    text += fmt::format("\n{} of {} points decided from A's code measured beside B's in B's process (interleaved); "
                        "drift: A's code there against A's record",
                        paired, report.points.size());
  return text;
}

}  // namespace

namespace {

const char* verdict_colour(const std::string& verdict) {
  if (verdict == "FASTER") return "\x1b[32m";
  if (verdict == "SLOWER") return "\x1b[31m";
  if (verdict == "AMBIGUOUS") return "\x1b[33m";
  if (verdict == "UNTRUSTED") return "\x1b[35m";
  if (verdict == "FAILED" || verdict == "MISSING") return "\x1b[1;31m";
  return nullptr;
}

constexpr size_t kVerdictColumn = 5;

}  // namespace

void print_text(const Comparison& report, std::ostream& out, bool colour) {
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
      bool numeric = c >= kFirstNumeric && c <= kLastNumeric;
      std::string cell = numeric ? fmt::format("{:>{}}", row[c], widths[c]) : fmt::format("{:<{}}", row[c], widths[c]);
      if (const char* code = colour && c == kVerdictColumn ? verdict_colour(row[c]) : nullptr)
        cell = code + row[c] + "\x1b[0m" + cell.substr(row[c].size());  // padding outside the colour
      line += cell;
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
  for (size_t c = 0; c < head.size(); ++c) out << (c >= kFirstNumeric && c <= kLastNumeric ? "---:|" : "---|");
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

namespace {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

template <typename T>
std::string csv_number(const std::optional<T>& value) {
  return value ? fmt::format("{}", *value) : "";
}

}  // namespace

void print_csv(const Comparison& report, std::ostream& out) {
  out << "point,a_us,b_us,speedup,ci95_low,ci95_high,verdict,n_a,n_b,spread_a_pct,spread_b_pct,drift_pct,"
         "in_process_pair,same_config,ir_changed,ir_delta,a_compile_ms,b_compile_ms,a_variant,b_variant,note\n";
  auto flag = [](const std::optional<bool>& value) { return value ? std::string(*value ? "true" : "false") : ""; };
  for (const auto& row : report.points) {
    const bool timed = row.a && row.b;
    auto timed_number = [&](double value) { return timed ? fmt::format("{}", value) : std::string(); };
    std::vector<std::string> cells{row.id,
                                   timed_number(timed ? row.a->median_us : 0),
                                   timed_number(timed ? row.b->median_us : 0),
                                   timed_number(row.speedup),
                                   timed_number(row.speedup_low),
                                   timed_number(row.speedup_high),
                                   std::string(spelling(row.verdict)),
                                   timed ? std::to_string(row.a->n) : "",
                                   timed ? std::to_string(row.b->n) : "",
                                   timed_number(timed ? row.a->spread_pct : 0),
                                   timed_number(timed ? row.b->spread_pct : 0),
                                   csv_number(row.drift_pct),
                                   row.in_process_pair ? "true" : "false",
                                   flag(row.same_config),
                                   flag(row.ir_changed),
                                   row.ir_delta ? row.ir_delta->short_text() : "",
                                   csv_number(row.a_compile_ms),
                                   csv_number(row.b_compile_ms),
                                   row.a_variant,
                                   row.b_variant,
                                   row.note};
    for (size_t c = 0; c < cells.size(); ++c) out << (c ? "," : "") << csv_field(cells[c]);
    out << "\n";
  }
}

}  // namespace abt
