// Where a history's series stepped (stats/level_shifts.h on each point's series, with its own
// noise, stats/series_noise.h), the builds those steps fell between, grouped by build; and the CI
// gate: does the newest build start a regression, fail a point, or leave a point unjudged?
//
// A point's code in every build is evidence: a time step between two builds that ran identical
// code is the machine's, never the compiler's (its cause says so, and the gate never fails it).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "history/series.h"
#include "stats/level_shifts.h"
#include "stats/series_noise.h"

namespace abt {

// Every setting of the history's judgement, with its default (the command line's help is made
// from these), as diff's JudgingRule is for diff.
struct ChangeSettings {
  double floor_pct = 0;       // --threshold: no step below it counts, whatever the noise (0: the noise alone)
  double max_pvalue = 0.001;  // --max-pvalue: what a level shift where the code changed must reach
  double unlearned_pct = 2;   // the noise assumed where a point's past is too short to tell (diff's threshold)
  size_t min_segment = 2;     // --min-segment: builds a level must last (one odd build is no level)
  // A step on identical code is the machine's, said to explain what the series shows: from this
  // size on (an H200's nightly showed steps of 0.05% on a point whose noise was 0.01%, real and of
  // no use to anyone reading the changes).
  double machine_floor_pct = 1.0;

  ShiftSettings shifts() const;
};

enum class ChangeKind { regression, improvement };
template <>
struct Spellings<ChangeKind> {
  static constexpr std::array<std::pair<ChangeKind, std::string_view>, 2> table{
      {{ChangeKind::regression, "regression"}, {ChangeKind::improvement, "improvement"}}};
};

// Whose step it is: the compiler's (the code changed there), the machine's (identical code on
// both sides), or unknown (the history does not know the code: a run kept by an older abtool).
enum class ChangeCause { code_changed, identical_code, code_unknown };
template <>
struct Spellings<ChangeCause> {
  static constexpr std::array<std::pair<ChangeCause, std::string_view>, 3> table{
      {{ChangeCause::code_changed, "code_changed"}, {ChangeCause::identical_code, "identical_code"},
       {ChangeCause::code_unknown, "code_unknown"}}};
};

struct Change {
  std::string point, op;
  size_t before = 0, after = 0;  // builds (HistorySeries::builds): the last before the step and the first after
  double level_before = 0, level_after = 0;  // the two segments' levels (exact: the values)
  double change_pct = 0;         // the level after over the level before, - 1
  double low_pct = 0, high_pct = 0;  // its 95% interval (exact: the change itself)
  double pvalue = 1;
  ChangeKind kind = ChangeKind::regression;
  ChangeCause cause = ChangeCause::code_unknown;
  bool exact = false;                // a metric without noise: the change as counted
  size_t n_before = 0, n_after = 0;  // builds on each side (up to the next steps)
  PointNoise noise;
  std::optional<double> control_pct;  // the control's own step at the same build, where it stepped too

  bool compilers() const { return cause != ChangeCause::identical_code; }  // could be the compiler's
};

// The steps of one series: its noise learned from its values (between builds of the same code
// where it can), and the level shifts that noise makes meaningful.
struct SeriesSteps {
  PointNoise noise;
  bool exact = false;
  std::vector<LevelShift> shifts;
};
// `exact_metric`: the metric is deterministic (a count, a size): exact unless its data says otherwise.
SeriesSteps series_steps(const JudgedSeries& judged, bool exact_metric, const ChangeSettings& settings);

// Whether the metric of that name is deterministic (model/metric.h's instructions, code bytes, ...).
bool exact_metric(const std::string& name);

// Newest first (by the build after the step), then by point. `control`: the control's series of
// the same points (replays' control_time), to say where it stepped too; null: none.
std::vector<Change> find_changes(const HistorySeries& history, const ChangeSettings& settings,
                                 const HistorySeries* control = nullptr);

// The builds steps fell on: how many points went each way there, and by how much in the middle.
struct BuildChanges {
  size_t build = 0;  // the first build after the steps
  int regressions = 0, improvements = 0, machine = 0;  // machine: identical code's steps
  double median_regression_pct = 0, median_improvement_pct = 0;
};
std::vector<BuildChanges> group_by_build(const std::vector<Change>& changes);  // newest first

// How the gate judged a point's newest value.
enum class GateBasis {
  identical_code,  // the code is the build before's: no time step can be the compiler's
  learned_noise,   // against the level of its segment, beyond its learned one-build threshold
  own_interval,    // too short a past (1-4 builds): its own interval against the level before
  exact,           // a metric without noise: any change in the bad direction
};
template <>
struct Spellings<GateBasis> {
  static constexpr std::array<std::pair<GateBasis, std::string_view>, 4> table{
      {{GateBasis::identical_code, "identical_code"}, {GateBasis::learned_noise, "learned_noise"},
       {GateBasis::own_interval, "own_interval"}, {GateBasis::exact, "exact"}}};
};

struct GateHit {
  std::string point;
  GateBasis basis = GateBasis::learned_noise;
  size_t previous = 0;     // the last build before it with a value
  size_t level_from = 0;   // own_interval: the first build of the level it is held against (previous: that build alone)
  double reference = 0;    // the level it is measured against
  double value = 0;        // at the newest build
  std::optional<double> low, high;  // its own interval there
  double change_pct = 0;
  double threshold_pct = 0;  // what it had to exceed
  bool confirmed = false;    // a change point found there too (not one value alone)
  int64_t newest_run = 0, previous_run = 0;
};

struct GateFailure {
  std::string point, reason;
  int64_t run = 0;
  bool was_ok = false;  // it had a value in the build before
};

struct GateResult {
  std::optional<size_t> newest;     // the newest build (none: an empty history)
  std::vector<GateHit> regressions;
  std::vector<GateHit> within;  // the judged points that start none, each with the bar it was held to
  std::vector<GateFailure> failures;     // points the newest build FAILED
  std::vector<std::string> missing;      // points of the build before that the newest did not measure
  std::vector<std::string> not_judged;   // points of the newest build with nothing to judge them by (new, or a fallback)
  std::vector<std::string> continuing;   // regressing since an earlier build: not started by this one
  int judged = 0;                        // points whose newest value was judged
  int by_interval = 0, identical_code = 0;  // of them: judged by their own interval; ran the build before's code

  // Exit 0 only when every point of the newest build was judged and none regressed or FAILED.
  bool passed() const;
};
GateResult gate(const HistorySeries& history, const std::vector<Change>& changes, const ChangeSettings& settings);

}  // namespace abt
