#include "result_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "compare/report_printers.h"

namespace abt {

std::string result_line(const PointResult& result) {
  if (!result.success)
    return fmt::format("FAILED  {}  variant={}  {}", result.point.id(), result.variant.empty() ? "-" : result.variant,
                       result.error);
  return fmt::format("SUCCESS {}  variant={}  median={}  n={}  method={}{}", result.point.id(), result.variant,
                     format_microseconds(result.latency.median), result.latency.n, result.measurement.method,
                     result.markers.empty() ? "" : "  markers=" + std::to_string(result.markers.size()));
}

std::string result_table(const std::vector<PointResult>& results) {
  std::vector<std::vector<std::string>> rows{
      {"status", "point", "variant", "median", "min", "q1..q3", "n", "method", "GFLOP/s", "GB/s", "detail"}};
  int failed = 0;
  for (const auto& result : results) {
    auto roofline = result.roofline.to_json(result.latency.median);
    auto figure = [&](const char* key, double scale) {
      return roofline.contains(key) ? fmt::format("{:.2f}", roofline[key].get<double>() * scale) : std::string("-");
    };
    failed += !result.success;
    std::string detail = result.success ? fmt::format("{}", fmt::join(result.markers, "; ")) : result.error;
    if (result.success)
      rows.push_back({"SUCCESS", result.point.id(), result.variant, format_microseconds(result.latency.median),
                      format_microseconds(result.latency.min),
                      format_microseconds(result.latency.q1) + ".." + format_microseconds(result.latency.q3),
                      std::to_string(result.latency.n), result.measurement.method, figure("tflops", 1000),
                      figure("gbps", 1), detail});
    else
      rows.push_back({"FAILED", result.point.id(), result.variant.empty() ? "-" : result.variant, "-", "-", "-", "-",
                      "-", "-", "-", detail});
  }
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  std::string text;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) line += fmt::format("{:<{}}  ", row[c], widths[c]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text += line + "\n";
  }
  text += fmt::format("{} points: {} SUCCESS, {} FAILED\n", results.size(), results.size() - failed, failed);
  return text;
}

}  // namespace abt
