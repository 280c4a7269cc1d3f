#include "history/changes.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "model/metric.h"
#include "stats/summary.h"
#include "util/parallel.h"

namespace abt {
namespace {

bool worse(Better better, double change_pct) { return better == Better::lower ? change_pct > 0 : change_pct < 0; }

ChangeCause cause_of(CodeBoundary boundary) {
  switch (boundary) {
    case CodeBoundary::changed: return ChangeCause::code_changed;
    case CodeBoundary::same: return ChangeCause::identical_code;
    case CodeBoundary::unknown: break;
  }
  return ChangeCause::code_unknown;
}

PointNoise noise_of(const JudgedSeries& judged, size_t end, std::span<const size_t> steps, const ChangeSettings& settings) {
  return learn_noise({std::span(judged.values.data(), end), std::span(judged.intervals.data(), end),
                      std::span(judged.boundaries.data(), end), steps},
                     settings.floor_pct, settings.unlearned_pct);
}

}  // namespace

ShiftSettings ChangeSettings::shifts() const {
  ShiftSettings shifts;
  shifts.changed_penalty = penalty_for_pvalue(max_pvalue);
  shifts.min_segment = min_segment;
  shifts.floor = floor_pct / 100;
  return shifts;
}

bool exact_metric(const std::string& name) {
  const std::optional<MetricId> metric = metric_named(name);
  if (!metric) return false;
  // Instruction counts are their verdict's own (by_point), and as deterministic as a code size.
  return *metric == MetricId::instructions || metric_info(*metric).judged == MetricJudged::exact;
}

SeriesSteps series_steps(const JudgedSeries& judged, bool exact, const ChangeSettings& settings) {
  SeriesSteps steps;
  const size_t n = judged.values.size();
  steps.noise = noise_of(judged, n, {}, settings);
  // The data decides where it can: a count that moved between builds of the same code is not exact.
  steps.exact = steps.noise.learned ? steps.noise.exact : exact;
  if (steps.exact) {
    steps.shifts = exact_shifts(judged.values, judged.boundaries, settings.floor_pct / 100);
    return steps;
  }
  const ShiftSettings shifts = settings.shifts();
  steps.shifts = level_shifts(judged.values, judged.boundaries, steps.noise.sigma_pct / 100, shifts);
  if (steps.shifts.empty() || !steps.noise.learned) return steps;
  // Once more with the noise between the steps (their own jumps are no noise).
  std::vector<size_t> at;
  for (const LevelShift& shift : steps.shifts) at.push_back(shift.index);
  const PointNoise between = noise_of(judged, n, at, settings);
  if (!between.learned || between.sigma_pct <= 0) return steps;
  // Partitioned again only where the noise moved by a tenth or more (a partition is O(builds^2)).
  const bool moved = std::abs(between.sigma_pct - steps.noise.sigma_pct) > 0.1 * steps.noise.sigma_pct;
  steps.noise = between;
  if (moved) steps.shifts = level_shifts(judged.values, judged.boundaries, steps.noise.sigma_pct / 100, shifts);
  return steps;
}

std::vector<Change> find_changes(const HistorySeries& history, const ChangeSettings& settings, const HistorySeries* control) {
  const bool exact = exact_metric(history.metric.name);
  std::map<std::string, const Series*> control_of;
  if (control)
    for (const Series& series : control->series) control_of[series.point] = &series;
  std::vector<std::vector<Change>> per_series(history.series.size());
  for_each_index(history.series.size(), [&](size_t s) {
    const Series& series = history.series[s];
    const JudgedSeries judged = judged_of(series);
    const SeriesSteps steps = series_steps(judged, exact, settings);
    // The control's own steps, by the build they start at (the control is A's code: identical in every build).
    std::map<size_t, double> control_steps;
    if (const auto found = control_of.find(series.point); found != control_of.end() && !steps.shifts.empty()) {
      const JudgedSeries controls = judged_of(*found->second);
      for (const LevelShift& shift : series_steps(controls, false, settings).shifts)
        control_steps[controls.from[shift.index]->build] = 100 * shift.change;
    }
    for (const LevelShift& shift : steps.shifts) {
      if (shift.boundary == CodeBoundary::same && !steps.exact &&
          100 * std::abs(shift.change) < std::max(settings.floor_pct, settings.machine_floor_pct))
        continue;
      Change change;
      change.point = series.point;
      change.op = series.op;
      change.before = judged.from[shift.index - 1]->build;
      change.after = judged.from[shift.index]->build;
      change.level_before = shift.level_before;
      change.level_after = shift.level_after;
      change.change_pct = 100 * shift.change;
      change.low_pct = 100 * shift.low;
      change.high_pct = 100 * shift.high;
      change.pvalue = shift.pvalue;
      change.kind = worse(history.metric.better, change.change_pct) ? ChangeKind::regression : ChangeKind::improvement;
      change.cause = cause_of(shift.boundary);
      change.exact = steps.exact;
      change.n_before = shift.n_before;
      change.n_after = shift.n_after;
      change.noise = steps.noise;
      // The control stepped too, the same way and by a like amount (within a factor of two): the
      // machine moved, and the pair did not cancel it all.
      if (const auto moved = control_steps.find(change.after); moved != control_steps.end()) {
        const double ratio = std::log1p(moved->second / 100) / std::log1p(change.change_pct / 100);
        if (ratio >= 0.5 && ratio <= 2) change.control_pct = moved->second;
      }
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
  struct Found {
    std::vector<double> regressions, improvements;
    int machine = 0;
  };
  std::map<size_t, Found> by_build;
  for (const Change& change : changes) {
    Found& found = by_build[change.after];
    if (!change.compilers()) ++found.machine;
    else (change.kind == ChangeKind::regression ? found.regressions : found.improvements).push_back(change.change_pct);
  }
  std::vector<BuildChanges> groups;
  for (auto it = by_build.rbegin(); it != by_build.rend(); ++it) {
    const Found& found = it->second;
    groups.push_back({it->first, int(found.regressions.size()), int(found.improvements.size()), found.machine,
                      found.regressions.empty() ? 0 : median_of(found.regressions),
                      found.improvements.empty() ? 0 : median_of(found.improvements)});
  }
  return groups;
}

bool GateResult::passed() const {
  return newest && judged > 0 && regressions.empty() && failures.empty() && missing.empty() && not_judged.empty();
}

GateResult gate(const HistorySeries& history, const std::vector<Change>& changes, const ChangeSettings& settings) {
  GateResult result;
  if (history.builds.empty()) return result;
  const size_t newest = history.builds.size() - 1;
  result.newest = newest;
  const bool exact = exact_metric(history.metric.name);
  std::map<std::string, std::vector<const Change*>> by_point;
  for (const Change& change : changes) by_point[change.point].push_back(&change);
  for (const Series& series : history.series) {
    // The build before the newest that has this point (a value or a failure), and what it was.
    std::optional<size_t> before;
    bool ok_before = false;
    for (const SeriesValue& value : series.values)
      if (value.build < newest && (!before || value.build > *before)) before = value.build, ok_before = true;
    for (const SeriesFailure& failure : series.failures)
      if (failure.build < newest && (!before || failure.build > *before)) before = failure.build, ok_before = false;
    const auto failed = std::find_if(series.failures.begin(), series.failures.end(),
                                     [&](const SeriesFailure& failure) { return failure.build == newest; });
    if (failed != series.failures.end()) {
      result.failures.push_back({series.point, failed->reason, failed->run, ok_before});
      continue;
    }
    const auto at_newest = std::find_if(series.values.begin(), series.values.end(),
                                        [&](const SeriesValue& value) { return value.build == newest; });
    if (at_newest == series.values.end()) {
      if (before && *before + 1 == newest) result.missing.push_back(series.point);  // measured the night before, not now
      continue;
    }
    if (at_newest->excluded) {
      result.not_judged.push_back(series.point + " (the replay fell back to a sweep: another config than the record's)");
      continue;
    }
    const JudgedSeries judged = judged_of(series);
    const size_t last = judged.values.size() - 1;
    if (last == 0) {
      result.not_judged.push_back(series.point + " (its first build: nothing to compare it with yet)");
      continue;
    }
    ++result.judged;
    const SeriesSteps past = series_steps(
        JudgedSeries{{judged.values.begin(), judged.values.end() - 1}, {judged.intervals.begin(), judged.intervals.end() - 1},
                     {judged.boundaries.begin(), judged.boundaries.end() - 1}, {judged.from.begin(), judged.from.end() - 1}},
        exact, settings);

    GateHit hit;
    hit.point = series.point;
    hit.value = judged.values[last];
    hit.previous = judged.from[last - 1]->build;
    hit.newest_run = judged.from[last]->run;
    hit.previous_run = judged.from[last - 1]->run;
    if (judged.intervals[last]) std::tie(hit.low, hit.high) = *judged.intervals[last];
    auto change_from = [&](double reference) {
      hit.reference = reference;
      hit.change_pct = reference != 0 ? 100 * (hit.value / reference - 1) : 0;
      return worse(history.metric.better, hit.change_pct);
    };
    // Where the value has its own interval (a replay's pair), all of it lies beyond `level`.
    auto clear_of = [&](double level) {
      if (!hit.low || !hit.high) return true;
      return history.metric.better == Better::lower ? *hit.low > level : *hit.high < level;
    };
    bool beyond = false;
    if (past.exact || (exact && !past.noise.learned)) {
      hit.basis = GateBasis::exact;
      hit.threshold_pct = settings.floor_pct;
      beyond = change_from(judged.values[last - 1]) && std::abs(hit.change_pct) > hit.threshold_pct;
    } else if (judged.boundaries[last] == CodeBoundary::same) {
      ++result.identical_code;  // the build before's code: whatever moved is the machine
      hit.basis = GateBasis::identical_code;
      change_from(judged.values[last - 1]);
      result.within.push_back(hit);
      continue;
    } else {
      // The level it is held against: its segment since the last step before it.
      size_t start = 0;
      for (const LevelShift& shift : past.shifts) start = std::max(start, shift.index);
      if (!past.noise.learned || last - start < 2) {
        // Too short a past to know its noise (or a step just before): its own interval against
        // the level before, and at least the noise assumed where none is learned. The level is
        // the median of the builds since the last step where there are two or more (their median
        // moves far less than one build's interval: on an H200 a +0.48% step whose interval
        // overlapped the build before's, clear of the median of the three before); else the build
        // before, by its own interval's edge (two noisy values, neither known better).
        hit.basis = GateBasis::own_interval;
        ++result.by_interval;
        const ValueInterval& previous = judged.intervals[last - 1];
        const bool level_of_several = last - start >= 2;
        hit.level_from = level_of_several ? judged.from[start]->build : hit.previous;
        const double level = level_of_several ? median_of(std::vector<double>(judged.values.begin() + ptrdiff_t(start),
                                                                               judged.values.begin() + ptrdiff_t(last)))
                                              : judged.values[last - 1];
        const bool worse_now = change_from(level);
        hit.threshold_pct = std::max({settings.floor_pct, past.noise.learned ? past.noise.one_build_pct : 0.0,
                                      hit.low ? 0.0 : std::max(settings.unlearned_pct, past.noise.within_pct)});
        const double edge = level_of_several || !previous ? level
                            : history.metric.better == Better::lower ? previous->second
                                                                       : previous->first;
        beyond = worse_now && std::abs(hit.change_pct) > hit.threshold_pct && clear_of(edge);
      } else {
        hit.basis = GateBasis::learned_noise;
        const std::span<const double> prior(judged.values.data() + start, last - start);
        const PointNoise segment = learn_noise({prior, std::span(judged.intervals.data() + start, last - start), {}, {}},
                                               settings.floor_pct, settings.unlearned_pct);
        const bool worse_now = change_from(median_of(std::vector<double>(prior.begin(), prior.end())));
        hit.threshold_pct = std::max(segment.learned ? segment.one_build_pct : 0.0, past.noise.one_build_pct);
        beyond = worse_now && std::abs(hit.change_pct) > hit.threshold_pct && clear_of(hit.reference);
      }
    }
    for (const Change* change : by_point[series.point])
      if (change->after == newest && change->kind == ChangeKind::regression && change->compilers()) hit.confirmed = beyond = true;
    if (!beyond) {
      result.within.push_back(hit);
      continue;
    }
    // Without the code known: started here, or already there in the build before?
    if (judged.boundaries[last] == CodeBoundary::unknown && hit.basis == GateBasis::learned_noise && !hit.confirmed && last >= 2) {
      const double before_value = judged.values[last - 1];
      const double before_pct = hit.reference != 0 ? 100 * (before_value / hit.reference - 1) : 0;
      if (worse(history.metric.better, before_pct) && std::abs(before_pct) > hit.threshold_pct) {
        result.continuing.push_back(series.point);
        continue;
      }
    }
    result.regressions.push_back(hit);
  }
  return result;
}

}  // namespace abt
