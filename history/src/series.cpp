#include "history/series.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "util/errors.h"

namespace abt {

std::vector<double> Series::judged_values() const {
  std::vector<double> judged;
  for (const SeriesValue& value : values)
    if (!value.excluded) judged.push_back(value.value);
  return judged;
}

const StoredRun* HistorySeries::run(int64_t id) const {
  for (const StoredRun& stored : runs)
    if (stored.id == id) return &stored;
  return nullptr;
}

HistorySeries load_series(const HistoryStore& store, const std::string& metric) {
  HistorySeries history;
  const std::optional<StoredMetric> found = store.metric(metric);
  if (!found) {
    std::vector<std::string> names;
    for (const StoredMetric& known : store.metrics()) names.push_back(known.name);
    throw InputError(fmt::format("{}: no metric '{}' in this history (it has {})", store.file().string(), metric,
                                 names.empty() ? "none: no run was added" : fmt::format("{}", fmt::join(names, ", "))));
  }
  history.metric = *found;
  history.builds = store.builds();
  history.runs = store.runs();
  std::map<int64_t, size_t> build_index;
  for (size_t i = 0; i < history.builds.size(); ++i) build_index[history.builds[i].id] = i;
  const std::map<int64_t, std::string> names = store.point_names();

  // (point, build) -> its runs' observations; the median one stands for the build.
  std::map<int64_t, std::map<size_t, std::vector<StoredObservation>>> by_point;
  for (StoredObservation& row : store.observations(metric)) by_point[row.point][build_index.at(row.build)].push_back(row);
  for (auto& [point, builds] : by_point) {
    Series series;
    series.point = names.at(point);
    series.op = series.point.substr(0, series.point.find('/'));
    for (auto& [build, rows] : builds) {
      std::sort(rows.begin(), rows.end(), [](const StoredObservation& x, const StoredObservation& y) {
        return x.excluded != y.excluded ? y.excluded : x.value < y.value;  // evidence first, then by value
      });
      size_t judged = 0;
      while (judged < rows.size() && !rows[judged].excluded) ++judged;
      const StoredObservation& middle = rows[judged ? (judged - 1) / 2 : 0];
      series.values.push_back({build, middle.value, middle.low, middle.high, middle.run, judged == 0});
    }
    history.series.push_back(std::move(series));
  }
  std::sort(history.series.begin(), history.series.end(), [](const Series& x, const Series& y) { return x.point < y.point; });
  return history;
}

}  // namespace abt
