#include "history/series.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <unordered_map>

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
  history.baseline_dir = store.baseline_dir();
  std::map<int64_t, size_t> build_index;
  for (size_t i = 0; i < history.builds.size(); ++i) build_index[history.builds[i].id] = i;
  const std::map<int64_t, std::string> names = store.point_names();

  // Each point's observations, by build; where a build has several runs, the median one stands for it.
  std::vector<StoredObservation> rows = store.observations(metric);
  for (StoredObservation& row : rows) row.build = int64_t(build_index.at(row.build));  // now an index
  std::sort(rows.begin(), rows.end(), [](const StoredObservation& x, const StoredObservation& y) {
    if (x.point != y.point) return x.point < y.point;
    if (x.build != y.build) return x.build < y.build;
    return x.excluded != y.excluded ? y.excluded : x.value < y.value;  // evidence first, then by value
  });
  for (size_t at = 0; at < rows.size();) {
    Series series;
    series.point = names.at(rows[at].point);
    series.op = series.point.substr(0, series.point.find('/'));
    const int64_t point = rows[at].point;
    while (at < rows.size() && rows[at].point == point) {
      size_t end = at, judged = 0;
      while (end < rows.size() && rows[end].point == point && rows[end].build == rows[at].build) judged += !rows[end++].excluded;
      const StoredObservation& middle = rows[at + (judged ? (judged - 1) / 2 : 0)];
      series.values.push_back({size_t(middle.build), middle.value, middle.low, middle.high, middle.run, judged == 0});
      at = end;
    }
    history.series.push_back(std::move(series));
  }
  std::sort(history.series.begin(), history.series.end(), [](const Series& x, const Series& y) { return x.point < y.point; });
  return history;
}

}  // namespace abt
