// `diff --format csv`: one line per point, numbers unformatted (empty when absent), each column
// declared once with its cell: the header is the columns' names; every metric's three columns
// come from its description (model/metric.h).
#include <fmt/format.h>

#include <functional>
#include <vector>

#include "printers/exporter.h"

#include "csv_text.h"
#include "printers/printers.h"

namespace abt {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

namespace {

struct CsvColumn {
  std::string name;
  std::function<std::string(const PointComparison&)> cell;
};

std::string number(double value) { return fmt::format("{}", value); }
template <typename T>
std::string optional_number(const std::optional<T>& value) {
  return value ? fmt::format("{}", *value) : "";
}
std::string flag(const std::optional<bool>& value) { return value ? std::string(*value ? "true" : "false") : ""; }

// A side's value of a metric (the mean of its reads); empty where the side has none.
std::string side_value(const MetricComparison* metric, std::optional<MetricValue> MetricComparison::*side) {
  return metric && (metric->*side) ? number((metric->*side)->value()) : "";
}

std::vector<CsvColumn> make_csv_columns() {
  using Row = const PointComparison&;
  std::vector<CsvColumn> columns{
      {"point", [](Row row) { return row.id; }},
      // The point's parts, for a spreadsheet's filters and pivots (an id is op/shape/dtype).
      {"op", [](Row row) { return row.id.substr(0, row.id.find('/')); }},
      {"shape", [](Row row) {
         const size_t first = row.id.find('/'), last = row.id.rfind('/');
         return first == last ? std::string() : row.id.substr(first + 1, last - first - 1);
       }},
      {"dtype", [](Row row) { return row.id.rfind('/') == std::string::npos ? std::string() : row.id.substr(row.id.rfind('/') + 1); }},
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
      {"note", [](Row row) { return row.coded_note(); }},
      {"metric", [](Row row) { return std::string(spelling(row.metric())); }},
      {"timing_verdict", [](Row row) { return row.timing_verdict ? std::string(spelling(*row.timing_verdict)) : ""; }},
      {"why", [](Row row) { return row.counters ? row.counters->why : ""; }},
  };
  // Then per metric (model/metric.h) but the time (a_us, b_us above): A's value, B's and B's change,
  // in the metric rows' order, whether the report has it or not: the header is the same for every run.
  for (const MetricInfo& info : metric_rows()) {
    if (info.id == MetricId::time) continue;
    const std::string name(info.name);
    const MetricId id = info.id;
    columns.push_back({"a_" + name, [id](Row row) { return side_value(row.metric(id), &MetricComparison::a); }});
    columns.push_back({"b_" + name, [id](Row row) { return side_value(row.metric(id), &MetricComparison::b); }});
    columns.push_back({name + "_change_pct", [id](Row row) {
                         const MetricComparison* metric = row.metric(id);
                         return metric ? optional_number(metric->change_pct) : "";
                       }});
  }
  return columns;
}

const std::vector<CsvColumn>& csv_columns() {
  static const std::vector<CsvColumn> columns = make_csv_columns();
  return columns;
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
