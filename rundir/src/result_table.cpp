#include "rundir/result_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "util/terminal.h"
#include "util/units.h"

namespace abt {
namespace {

std::string marker_list(const std::vector<Marker>& markers) {
  std::vector<std::string> lines;
  for (const auto& marker : markers) lines.push_back(marker.text());
  return fmt::format("{}", fmt::join(lines, "; "));
}

}  // namespace

std::string result_line(const PointRecord& point) {
  if (!point.success)
    return fmt::format("FAILED  {}  variant={}  {}", point.id(), point.variant.empty() ? "-" : point.variant, point.error);
  return fmt::format("SUCCESS {}  variant={}  median={}  n={}  method={}{}", point.id(), point.variant,
                     format_microseconds(point.latency.median), point.latency.n, spelling(point.measurement.method),
                     point.markers.empty() ? "" : "  markers=" + std::to_string(point.markers.size()));
}

std::string result_table(const std::vector<PointRecord>& points, size_t width) {
  std::vector<std::vector<std::string>> rows{
      {"status", "point", "variant", "median", "min", "q1..q3", "n", "method", "GFLOP/s", "GB/s", "detail"}};
  int failed = 0;
  for (const auto& point : points) {
    const RooflineFigures roofline = roofline_figures(point.roofline, point.latency.median);
    auto figure = [](const std::optional<double>& value, double scale) {
      return value ? fmt::format("{:.2f}", *value * scale) : std::string("-");
    };
    failed += !point.success;
    if (point.success)
      rows.push_back({"SUCCESS", point.id(), point.variant, format_microseconds(point.latency.median),
                      format_microseconds(point.latency.min),
                      format_microseconds(point.latency.q1) + ".." + format_microseconds(point.latency.q3),
                      std::to_string(point.latency.n), std::string(spelling(point.measurement.method)),
                      figure(roofline.tflops, 1000), figure(roofline.gbps, 1), marker_list(point.markers)});
    else
      rows.push_back({"FAILED", point.id(), point.variant.empty() ? "-" : point.variant, "-", "-", "-", "-", "-", "-",
                      "-", point.error});
  }
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  const size_t detail = rows[0].size() - 1;
  std::vector<bool> shown(rows[0].size(), true);
  auto line_width = [&](bool with_detail) {
    size_t total = 0;
    for (size_t c = 0; c < detail + (with_detail ? 1 : 0); ++c)
      if (shown[c]) total += widths[c] + 2;
    return total;
  };
  // Spared first: the spread (min, q1..q3), how it was timed, the roofline figures.
  for (size_t spare : {4, 5, 7, 8, 9})
    if (width != std::string::npos && line_width(true) - 2 > width) shown[spare] = false;
  const bool detail_below = width != std::string::npos && line_width(true) - 2 > width;
  std::string text;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < detail + (detail_below ? 0 : 1); ++c)
      if (shown[c]) line += fmt::format("{:<{}}  ", row[c], widths[c]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text += line + "\n";
    if (detail_below && !row[detail].empty() && &row != &rows[0])
      text += "    " + wrap_text(row[detail], width, "    ", 4) + "\n";
  }
  text += fmt::format("{} points: {} SUCCESS, {} FAILED\n", points.size(), points.size() - failed, failed);
  return text;
}

}  // namespace abt
