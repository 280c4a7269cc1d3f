#include "history/changes.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "stats/summary.h"
#include "util/parallel.h"

namespace abt {
namespace {

// What noise is assumed where a point's own past is too short to tell (diff's default threshold).
constexpr double kUnlearnedPct = 2.0;

// The evidence of one series: its values that count, with where each came from.
struct Judged {
  std::vector<double> values;
  std::vector<std::optional<std::pair<double, double>>> intervals;
  std::vector<const SeriesValue*> from;
};

Judged judged_of(const Series& series) {
  Judged judged;
  for (const SeriesValue& value : series.values) {
    if (value.excluded) continue;
    judged.values.push_back(value.value);
    judged.intervals.push_back(value.low && value.high ? std::optional(std::pair{*value.low, *value.high}) : std::nullopt);
    judged.from.push_back(&value);
  }
  return judged;
}

// The 95% interval of the step, relative to the level before it (Student's t, the two segments'
// sample variances).
std::pair<double, double> step_interval(const SegmentTest& test) {
  auto sample_variance = [](double population_std, size_t n) {
    return n > 1 ? population_std * population_std * double(n) / double(n - 1) : 0.0;
  };
  const double se = std::sqrt(sample_variance(test.std_before, test.n_before) / double(test.n_before) +
                              sample_variance(test.std_after, test.n_after) / double(test.n_after));
  const size_t degrees = test.n_before + test.n_after > 2 ? test.n_before + test.n_after - 2 : 1;
  const double half = student_t_975(degrees) * se, difference = test.mean_after - test.mean_before;
  if (test.mean_before == 0) return {0, 0};
  return {100 * (difference - half) / test.mean_before, 100 * (difference + half) / test.mean_before};
}

bool worse(Better better, double change_pct) { return better == Better::lower ? change_pct > 0 : change_pct < 0; }

}  // namespace

SeriesSteps series_steps(std::span<const double> values, std::span<const std::optional<std::pair<double, double>>> intervals,
                         const ChangeSettings& settings) {
  SeriesSteps steps;
  steps.noise = learn_noise(values, intervals, settings.floor_pct);
  ChangePointOptions options = settings.detection;
  options.min_magnitude = (steps.noise.learned ? steps.noise.step_pct : std::max(steps.noise.step_pct, kUnlearnedPct)) / 100;
  steps.points = change_points(values, options);
  // What the point's noise is between its steps (the steps' own jumps are no noise).
  std::vector<size_t> at;
  for (const ChangePoint& point : steps.points) at.push_back(point.index);
  if (!at.empty()) steps.noise = learn_noise(values, intervals, settings.floor_pct, at);
  return steps;
}

std::vector<Change> find_changes(const HistorySeries& history, const ChangeSettings& settings) {
  std::vector<std::vector<Change>> per_series(history.series.size());
  for_each_index(history.series.size(), [&](size_t s) {
    const Series& series = history.series[s];
    const Judged judged = judged_of(series);
    const SeriesSteps steps = series_steps(judged.values, judged.intervals, settings);
    const PointNoise& noise = steps.noise;
    for (const ChangePoint& point : steps.points) {
      Change change;
      change.point = series.point;
      change.op = series.op;
      change.before = judged.from[point.index - 1]->build;
      change.after = judged.from[point.index]->build;
      change.change_pct = 100 * point.test.forward_change();
      std::tie(change.low_pct, change.high_pct) = step_interval(point.test);
      change.pvalue = point.test.pvalue;
      change.kind = worse(history.metric.better, change.change_pct) ? ChangeKind::regression : ChangeKind::improvement;
      change.n_before = point.test.n_before;
      change.n_after = point.test.n_after;
      change.noise = noise;
      per_series[s].push_back(change);
    }
  });
  std::vector<Change> changes;
  for (auto& found : per_series) changes.insert(changes.end(), found.begin(), found.end());
  std::stable_sort(changes.begin(), changes.end(), [](const Change& x, const Change& y) {
    return x.after != y.after ? x.after > y.after : x.point < y.point;
  });
  return changes;
}

std::vector<BuildChanges> group_by_build(const std::vector<Change>& changes) {
  std::map<size_t, std::pair<std::vector<double>, std::vector<double>>> by_build;  // regressions, improvements
  for (const Change& change : changes)
    (change.kind == ChangeKind::regression ? by_build[change.after].first : by_build[change.after].second).push_back(change.change_pct);
  std::vector<BuildChanges> groups;
  for (auto it = by_build.rbegin(); it != by_build.rend(); ++it) {
    const auto& [regressions, improvements] = it->second;
    groups.push_back({it->first, int(regressions.size()), int(improvements.size()),
                      regressions.empty() ? 0 : median_of(regressions), improvements.empty() ? 0 : median_of(improvements)});
  }
  return groups;
}

GateResult gate(const HistorySeries& history, const std::vector<Change>& changes, const ChangeSettings& settings) {
  GateResult result;
  if (history.builds.empty()) return result;
  const size_t newest = history.builds.size() - 1;
  result.newest = newest;
  std::map<std::string, std::vector<const Change*>> by_point;
  for (const Change& change : changes) by_point[change.point].push_back(&change);
  for (const Series& series : history.series) {
    const Judged judged = judged_of(series);
    if (judged.values.empty() || judged.from.back()->build != newest) continue;
    // The noise the point has shown anywhere in its past between its steps, besides the segment's own.
    const size_t past = judged.values.size() - 1;
    std::vector<size_t> steps;
    for (const Change* change : by_point[series.point])
      for (size_t i = 0; i < past; ++i)
        if (judged.from[i]->build == change->after) steps.push_back(i);
    const PointNoise whole = learn_noise(std::span(judged.values.data(), past), std::span(judged.intervals.data(), past),
                                         settings.floor_pct, steps);
    ++result.judged;
    const size_t last = judged.values.size() - 1;
    // The segment before the newest value: since the last step found before it.
    size_t start = 0;
    bool confirmed = false;
    for (const Change* change : by_point[series.point]) {
      for (size_t i = 0; i < judged.from.size(); ++i)
        if (judged.from[i]->build == change->after) {
          if (i < last) start = std::max(start, i);
          if (i == last && change->kind == ChangeKind::regression) confirmed = true;
        }
    }
    if (last - start < 2) continue;  // one value before it: no level to compare with
    auto test = [&](size_t at, size_t end) {  // values[at] against values[start, end)
      const std::span<const double> prior(judged.values.data() + start, end - start);
      const PointNoise noise =
          learn_noise(prior, std::span(judged.intervals.data() + start, end - start), settings.floor_pct);
      GateHit hit;
      hit.reference = median_of(std::vector<double>(prior.begin(), prior.end()));
      hit.value = judged.values[at];
      hit.change_pct = hit.reference != 0 ? 100 * (hit.value / hit.reference - 1) : 0;
      hit.threshold_pct = noise.learned ? std::max(noise.one_build_pct, whole.learned ? whole.one_build_pct : 0.0)
                                        : std::max({settings.floor_pct, kUnlearnedPct, noise.within_pct});
      bool beyond = worse(history.metric.better, hit.change_pct) && std::abs(hit.change_pct) > hit.threshold_pct;
      // Where the value has its own interval (a replay's pair), all of it lies beyond the level.
      if (const auto& interval = judged.intervals[at]; beyond && interval) {
        hit.low = interval->first;
        hit.high = interval->second;
        beyond = history.metric.better == Better::lower ? interval->first > hit.reference : interval->second < hit.reference;
      }
      return std::pair{beyond, std::pair{hit, noise.learned}};
    };
    auto [beyond, found] = test(last, last);
    auto& [hit, learned] = found;
    result.unlearned += !learned;
    if (!beyond && !confirmed) continue;
    hit.point = series.point;
    hit.confirmed = confirmed;
    hit.previous = judged.from[last - 1]->build;
    hit.newest_run = judged.from[last]->run;
    hit.previous_run = judged.from[last - 1]->run;
    // Started here, or already there in the build before (its regression began earlier)?
    if (!confirmed && last - 1 - start >= 2 && test(last - 1, last - 1).first) {
      result.continuing.push_back(series.point);
      continue;
    }
    result.regressions.push_back(hit);
  }
  return result;
}

}  // namespace abt
