#include "history/series.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <unordered_map>

#include "stats/summary.h"
#include "util/errors.h"

namespace abt {

std::vector<double> Series::judged_values() const {
  std::vector<double> judged;
  for (const SeriesValue& value : values)
    if (!value.excluded) judged.push_back(value.value);
  return judged;
}

JudgedSeries judged_of(const Series& series) {
  JudgedSeries judged;
  for (const SeriesValue& value : series.values) {
    if (value.excluded) continue;
    CodeBoundary boundary = CodeBoundary::unknown;
    if (!judged.from.empty() && value.code.known() && judged.from.back()->code.known())
      boundary = value.code.same_as(judged.from.back()->code) ? CodeBoundary::same : CodeBoundary::changed;
    judged.values.push_back(value.value);
    judged.intervals.push_back(value.low && value.high ? ValueInterval(std::pair{*value.low, *value.high}) : std::nullopt);
    judged.boundaries.push_back(boundary);
    judged.from.push_back(&value);
  }
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

  // Each point's outcome in each run: the code it measured, or that it FAILED.
  std::map<std::pair<int64_t, int64_t>, const StoredOutcome*> outcome_of;  // (point, run)
  const std::vector<StoredOutcome> outcomes = store.outcomes();
  for (const StoredOutcome& outcome : outcomes) outcome_of[{outcome.point, outcome.run}] = &outcome;
  auto index_of = [&](int64_t build) {
    const auto found = build_index.find(build);
    if (found == build_index.end())
      throw InputError(fmt::format("{}: damaged: a row of build row {}, which it does not hold", store.file().string(), build));
    return found->second;
  };

  // Each point's observations, by build; where a build has several runs, the median one stands for it.
  std::vector<StoredObservation> rows = store.observations(metric);
  for (StoredObservation& row : rows) row.build = int64_t(index_of(row.build));  // now an index
  std::sort(rows.begin(), rows.end(), [](const StoredObservation& x, const StoredObservation& y) {
    if (x.point != y.point) return x.point < y.point;
    if (x.build != y.build) return x.build < y.build;
    return x.excluded != y.excluded ? y.excluded : x.value < y.value;  // evidence first, then by value
  });
  auto name_of = [&](int64_t point) {
    const auto found = names.find(point);
    if (found == names.end())
      throw InputError(fmt::format("{}: damaged: a row of point row {}, which it does not hold", store.file().string(), point));
    return found->second;
  };
  std::map<int64_t, Series> by_point;
  for (size_t at = 0; at < rows.size();) {
    Series series;
    series.point = name_of(rows[at].point);
    series.op = series.point.substr(0, series.point.find('/'));
    const int64_t point = rows[at].point;
    while (at < rows.size() && rows[at].point == point) {
      size_t end = at, judged = 0;
      while (end < rows.size() && rows[end].point == point && rows[end].build == rows[at].build) judged += !rows[end++].excluded;
      const StoredObservation& middle = rows[at + median_position(judged)];
      const auto outcome = outcome_of.find({middle.point, middle.run});
      series.values.push_back({size_t(middle.build), middle.value, middle.low, middle.high, middle.run, judged == 0,
                               outcome == outcome_of.end() ? CodeIdentity{} : outcome->second->code});
      at = end;
    }
    by_point.emplace(point, std::move(series));
  }
  // Builds where a point FAILED and has no value: its series says so (a point that only ever
  // failed is a series of failures alone).
  for (const StoredOutcome& outcome : outcomes) {
    if (!outcome.failed) continue;
    auto [found, made] = by_point.try_emplace(outcome.point);
    Series& series = found->second;
    if (made) {
      series.point = name_of(outcome.point);
      series.op = series.point.substr(0, series.point.find('/'));
    }
    const size_t build = index_of(outcome.build);
    const bool has_value = std::any_of(series.values.begin(), series.values.end(), [&](const SeriesValue& value) { return value.build == build; });
    const bool listed = std::any_of(series.failures.begin(), series.failures.end(), [&](const SeriesFailure& failure) { return failure.build == build; });
    if (!has_value && !listed) series.failures.push_back({build, outcome.run, outcome.reason});
  }
  for (auto& [point, series] : by_point) {
    std::sort(series.failures.begin(), series.failures.end(), [](const SeriesFailure& x, const SeriesFailure& y) { return x.build < y.build; });
    history.series.push_back(std::move(series));
  }
  std::sort(history.series.begin(), history.series.end(), [](const Series& x, const Series& y) { return x.point < y.point; });
  return history;
}

}  // namespace abt
