// `diff --format csv`: one line per point, numbers unformatted (empty when absent), each column
// declared once with its cell: the header is the columns' names.
#include <fmt/format.h>

#include <vector>

#include "printers/exporter.h"
#include "printers/printers.h"

namespace abt {
namespace {

struct CsvColumn {
  const char* name;
  std::string (*cell)(const PointComparison&);
};

std::string number(double value) { return fmt::format("{}", value); }
template <typename T>
std::string optional_number(const std::optional<T>& value) {
  return value ? fmt::format("{}", *value) : "";
}
std::string flag(const std::optional<bool>& value) { return value ? std::string(*value ? "true" : "false") : ""; }

// One side's counter; empty where the point has no counters.
template <double GpuCounters::*field, GpuCounters CounterDelta::*side>
std::string counter(const PointComparison& row) {
  return row.counters ? number((*row.counters).*side.*field) : "";
}

// A side's counted compile, every stage together; empty where it was not counted.
std::string compile_instructions(const std::optional<CompileProfile>& profile) {
  return profile && profile->counted() ? std::to_string(profile->total_instructions()) : "";
}

const std::vector<CsvColumn>& csv_columns() {
  using Row = const PointComparison&;
  static const std::vector<CsvColumn> columns{
      {"point", [](Row row) { return row.id; }},
      {"a_us", [](Row row) { return row.timed() ? number(row.a->median_us) : ""; }},
      {"b_us", [](Row row) { return row.timed() ? number(row.b->median_us) : ""; }},
      {"speedup", [](Row row) { return row.timed() ? number(row.speedup) : ""; }},
      {"ci95_low", [](Row row) { return row.timed() ? number(row.speedup_low) : ""; }},
      {"ci95_high", [](Row row) { return row.timed() ? number(row.speedup_high) : ""; }},
      {"verdict", [](Row row) { return std::string(spelling(row.verdict)); }},
      {"n_a", [](Row row) { return row.timed() ? std::to_string(row.a->n) : ""; }},
      {"n_b", [](Row row) { return row.timed() ? std::to_string(row.b->n) : ""; }},
      {"spread_a_pct", [](Row row) { return row.timed() ? number(row.a->spread_pct) : ""; }},
      {"spread_b_pct", [](Row row) { return row.timed() ? number(row.b->spread_pct) : ""; }},
      {"drift_pct", [](Row row) { return optional_number(row.drift_pct); }},
      {"in_process_pair", [](Row row) { return std::string(row.in_process_pair ? "true" : "false"); }},
      {"same_config", [](Row row) { return flag(row.same_config); }},
      {"ir_changed", [](Row row) { return flag(row.ir_changed); }},
      {"ir_delta", [](Row row) { return row.ir_delta ? row.ir_delta->short_text() : ""; }},
      {"first_divergent_pass", [](Row row) { return row.passes ? explanation_text(*row.passes) : ""; }},
      {"a_compile_ms", [](Row row) { return optional_number(row.a_compile_ms); }},
      {"b_compile_ms", [](Row row) { return optional_number(row.b_compile_ms); }},
      {"a_variant", [](Row row) { return row.a_variant; }},
      {"b_variant", [](Row row) { return row.b_variant; }},
      {"same_output", [](Row row) { return flag(row.same_output); }},
      {"output_max_abs", [](Row row) { return row.output_bits ? number(row.output_bits->max_abs) : ""; }},
      {"retuned_variant", [](Row row) { return row.retune ? row.retune->b_variant : ""; }},
      {"optimum_moved", [](Row row) { return row.retune ? flag(row.retune->optimum_moved) : ""; }},
      {"retuned_speedup", [](Row row) { return row.retune ? number(row.retune->speedup) : ""; }},
      {"retuned_ci95_low", [](Row row) { return row.retune ? number(row.retune->speedup_low) : ""; }},
      {"retuned_ci95_high", [](Row row) { return row.retune ? number(row.retune->speedup_high) : ""; }},
      {"retuned_verdict", [](Row row) { return row.retune ? std::string(spelling(row.retune->verdict)) : ""; }},
      {"note", [](Row row) { return row.note(); }},
      {"metric", [](Row row) { return std::string(spelling(row.metric())); }},
      {"a_instructions", [](Row row) { return row.instructions ? std::to_string(row.instructions->a) : ""; }},
      {"b_instructions", [](Row row) { return row.instructions ? std::to_string(row.instructions->b) : ""; }},
      {"instructions_change_pct", [](Row row) { return row.instructions ? number(row.instructions->change_pct) : ""; }},
      {"timing_verdict", [](Row row) { return row.timing_verdict ? std::string(spelling(*row.timing_verdict)) : ""; }},
      {"a_dram_read_bytes", counter<&GpuCounters::dram_read_bytes, &CounterDelta::a>},
      {"b_dram_read_bytes", counter<&GpuCounters::dram_read_bytes, &CounterDelta::b>},
      {"a_dram_write_bytes", counter<&GpuCounters::dram_write_bytes, &CounterDelta::a>},
      {"b_dram_write_bytes", counter<&GpuCounters::dram_write_bytes, &CounterDelta::b>},
      {"a_l2_hit_pct", counter<&GpuCounters::l2_hit_pct, &CounterDelta::a>},
      {"b_l2_hit_pct", counter<&GpuCounters::l2_hit_pct, &CounterDelta::b>},
      {"a_warp_instructions", counter<&GpuCounters::warp_instructions, &CounterDelta::a>},
      {"b_warp_instructions", counter<&GpuCounters::warp_instructions, &CounterDelta::b>},
      {"a_occupancy_pct", counter<&GpuCounters::occupancy_pct, &CounterDelta::a>},
      {"b_occupancy_pct", counter<&GpuCounters::occupancy_pct, &CounterDelta::b>},
      {"why", [](Row row) { return row.counters ? row.counters->why : ""; }},
      {"a_compile_instructions", [](Row row) { return compile_instructions(row.a_compile); }},
      {"b_compile_instructions", [](Row row) { return compile_instructions(row.b_compile); }},
  };
  return columns;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

class CsvExporter : public Exporter {
 public:
  void write(const Comparison& report, const ExportOptions&, std::ostream& out) const override { print_csv(report, out); }
};

}  // namespace

const Exporter& csv_exporter() {
  static const CsvExporter exporter;
  return exporter;
}

void print_csv(const Comparison& report, std::ostream& out) {
  const std::vector<CsvColumn>& columns = csv_columns();
  for (size_t c = 0; c < columns.size(); ++c) out << (c ? "," : "") << columns[c].name;
  out << "\n";
  for (const auto& row : report.points) {
    for (size_t c = 0; c < columns.size(); ++c) out << (c ? "," : "") << csv_field(columns[c].cell(row));
    out << "\n";
  }
}

}  // namespace abt
