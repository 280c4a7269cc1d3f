// Where a history's series stepped (stats/change_points.h on each point's series, with the step
// its own noise makes meaningful: noise.h), the builds those steps fell between, grouped by build;
// and the CI gate: does the newest build start a regression beyond the learned noise?
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "history/noise.h"
#include "history/series.h"
#include "stats/change_points.h"

namespace abt {

struct ChangeSettings {
  double floor_pct = 0;  // --threshold: no step below it counts, whatever the noise (0: the noise alone)
  ChangePointOptions detection{.window = 50, .max_pvalue = 0.001, .min_magnitude = 0, .min_segment = 5};
};

enum class ChangeKind { regression, improvement };
template <>
struct Spellings<ChangeKind> {
  static constexpr std::array<std::pair<ChangeKind, std::string_view>, 2> table{
      {{ChangeKind::regression, "regression"}, {ChangeKind::improvement, "improvement"}}};
};

struct Change {
  std::string point, op;
  size_t before = 0, after = 0;  // builds (HistorySeries::builds): the last before the step and the first after
  double change_pct = 0;         // the mean after over the mean before, - 1
  double low_pct = 0, high_pct = 0;  // its 95% interval (Student's t over the two segments)
  double pvalue = 1;
  ChangeKind kind = ChangeKind::regression;
  size_t n_before = 0, n_after = 0;  // builds on each side (up to the next change points)
  PointNoise noise;
};

// The steps of one series as find_changes finds them: its noise learned from its values, and the
// change points that clear the step it makes meaningful. `intervals` each value's own, where it has one.
struct SeriesSteps {
  PointNoise noise;
  std::vector<ChangePoint> points;
};
SeriesSteps series_steps(std::span<const double> values, std::span<const std::optional<std::pair<double, double>>> intervals,
                         const ChangeSettings& settings);

// Newest first (by the build after the step), then by point.
std::vector<Change> find_changes(const HistorySeries& history, const ChangeSettings& settings);

// The builds steps fell on: how many points went each way there, and by how much in the middle.
struct BuildChanges {
  size_t build = 0;  // the first build after the steps
  int regressions = 0, improvements = 0;
  double median_regression_pct = 0, median_improvement_pct = 0;
};
std::vector<BuildChanges> group_by_build(const std::vector<Change>& changes);  // newest first

// The gate: every point whose value at the newest build is a regression that starts there.
struct GateHit {
  std::string point;
  size_t previous = 0;     // the last build before it with a value
  double reference = 0;    // the level it is measured against: the median of its segment before it
  double value = 0;        // at the newest build
  std::optional<double> low, high;  // its own interval there
  double change_pct = 0;
  double threshold_pct = 0;  // what it had to exceed (the one-build threshold, or the step's)
  bool confirmed = false;    // a change point found there too (not one value alone)
  int64_t newest_run = 0, previous_run = 0;
};
struct GateResult {
  std::optional<size_t> newest;     // the newest build (none: an empty history)
  std::vector<GateHit> regressions;
  std::vector<std::string> continuing;  // regressing since an earlier build: not started by this one
  int judged = 0;                   // points with a value at the newest build
  int unlearned = 0;                // of them, with too little past to learn the noise (the floor judged)
};
GateResult gate(const HistorySeries& history, const std::vector<Change>& changes, const ChangeSettings& settings);

}  // namespace abt
