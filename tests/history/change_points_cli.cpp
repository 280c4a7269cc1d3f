// The change points abtool finds in series given as JSON, for the tests and benchmarks that hold
// abtool's E-divisive (stats/change_points.h) against Apache Otava's on the same series:
//   stdin:  {"window": 50, "max_pvalue": 0.001, "min_magnitude": 0, "min_segment": 1, "otava_merge": false, "robust_magnitude": true,
//            "series": [[...], ...]}
//           or {"history": true, "series": [...]}: as `abtool history changes` finds them (history/changes.h:
//           each series' noise learned from its own values, its defaults)
//   stdout: [[index, ...], ...]  each series' change points (the first value of each new segment)
#include <iostream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "history/changes.h"
#include "stats/change_points.h"

int main() {
  std::ios::sync_with_stdio(false);
  const std::string text(std::istreambuf_iterator<char>(std::cin), {});
  const nlohmann::json request = nlohmann::json::parse(text);
  abt::ChangePointOptions options;
  options.window = request.value("window", options.window);
  options.max_pvalue = request.value("max_pvalue", options.max_pvalue);
  options.min_magnitude = request.value("min_magnitude", options.min_magnitude);
  options.min_segment = request.value("min_segment", options.min_segment);
  options.otava_merge = request.value("otava_merge", options.otava_merge);
  options.robust_magnitude = request.value("robust_magnitude", options.robust_magnitude);
  const bool history = request.value("history", false);
  nlohmann::json found = nlohmann::json::array();
  for (const auto& series : request["series"]) {
    const std::vector<double> values = series.get<std::vector<double>>();
    nlohmann::json indices = nlohmann::json::array();
    const std::vector<abt::ChangePoint> points =
        history ? abt::series_steps(values, {}, abt::ChangeSettings{}).points : abt::change_points(values, options);
    for (const abt::ChangePoint& point : points) indices.push_back(point.index);
    found.push_back(indices);
  }
  std::cout << found.dump() << "\n";
}
