// The change points abtool finds in series given as JSON, for the tests and benchmarks that hold
// abtool's E-divisive (stats/change_points.h) against Apache Otava's on the same series:
//   stdin:  {"window": 50, "max_pvalue": 0.001, "min_magnitude": 0, "min_segment": 1, "otava_merge": false, "robust_magnitude": true,
//            "series": [[...], ...]}
//           or {"history": true, "series": [...], "codes": [[...], ...], "exact": false}: as `abtool history changes`
//           finds them (history/changes.h: each series' noise learned from its own values, its defaults); "codes"
//           (optional) each value's code identity (a string; equal strings: the same code; null: not known)
//   stdout: [[index, ...], ...]  each series' change points (the first value of each new segment); with "history",
//           [[[index, change, cause], ...], ...]
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
  options.max_pvalue = request.value("max_pvalue", options.max_pvalue);  // history: ChangeSettings::max_pvalue
  options.min_magnitude = request.value("min_magnitude", options.min_magnitude);
  options.min_segment = request.value("min_segment", options.min_segment);
  options.otava_merge = request.value("otava_merge", options.otava_merge);
  options.robust_magnitude = request.value("robust_magnitude", options.robust_magnitude);
  const bool history = request.value("history", false), exact = request.value("exact", false);
  const nlohmann::json codes = request.value("codes", nlohmann::json::array());
  nlohmann::json found = nlohmann::json::array();
  for (size_t s = 0; s < request["series"].size(); ++s) {
    const std::vector<double> values = request["series"][s].get<std::vector<double>>();
    nlohmann::json indices = nlohmann::json::array();
    if (!history) {
      for (const abt::ChangePoint& point : abt::change_points(values, options)) indices.push_back(point.index);
      found.push_back(indices);
      continue;
    }
    abt::JudgedSeries judged;
    judged.values = values;
    judged.intervals.assign(values.size(), std::nullopt);
    judged.boundaries.assign(values.size(), abt::CodeBoundary::unknown);
    if (s < codes.size() && codes[s].is_array())
      for (size_t i = 1; i < values.size() && i < codes[s].size(); ++i)
        if (codes[s][i].is_string() && codes[s][i - 1].is_string())
          judged.boundaries[i] = codes[s][i] == codes[s][i - 1] ? abt::CodeBoundary::same : abt::CodeBoundary::changed;
    abt::ChangeSettings settings;
    settings.max_pvalue = request.value("max_pvalue", settings.max_pvalue);
    for (const abt::LevelShift& shift : abt::series_steps(judged, exact, settings).shifts) {
      // [index, change, cause]: where, by how much (relative), and whether the code changed there
      indices.push_back({shift.index, shift.change, shift.boundary == abt::CodeBoundary::changed ? "code"
                                                    : shift.boundary == abt::CodeBoundary::same  ? "machine"
                                                                                                 : "unknown"});
    }
    found.push_back(indices);
  }
  std::cout << found.dump() << "\n";
}
