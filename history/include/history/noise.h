// How much a point's value moves from build to build when nothing changed, learned from its own
// past: what a step at that point must exceed (instead of one threshold for every point). A
// point whose builds agree to 0.1% is judged at a fraction of a 1 us kernel's noise.
//
//   noise (sigma)  1.4826 x the median absolute deviation of its relative changes between
//                  consecutive builds, over sqrt(2) (a change is the difference of two builds'
//                  noise): robust to the steps and outliers among them;
//   step           what a change point must exceed: 2.5 sigma (by the medians of the segments around
//                  it), at least the floor;
//   one build      what the newest build alone must exceed to fail the gate (one value, no segment
//                  yet): rustc-perf's significance threshold, the upper fence Q3 + 3 x IQR of the
//                  past changes' magnitudes, at least the step.
// With fewer than kBuildsToLearn values the noise is unknown: the typical half-width of the values'
// own intervals (a replay's in-process pair) stands in, at least the floor (history's callers put
// diff's 2% under an unknown noise). Once learned, the builds' own spread is the measure: a point
// whose medians agree to 0.1% build after build is judged by that, however wide one run's interval.
#pragma once
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace abt {

inline constexpr size_t kBuildsToLearn = 5;
inline constexpr double kStepSigmas = 2.5;
inline constexpr double kFenceIqrs = 3.0;

struct PointNoise {
  size_t builds = 0;       // the values it was learned from
  bool learned = false;    // false: too few, the floor stands in
  double sigma_pct = 0;    // noise per build, % of the value
  double within_pct = 0;   // the typical half-width of a value's own interval, % (0: none)
  double step_pct = 0;     // what a change point must exceed here
  double one_build_pct = 0;  // what the newest build alone must exceed
};

// `values` in build order; `intervals` each value's (low, high), where it has one; `steps` the
// positions of known change points: the change into each is a step, not noise, and is left out.
PointNoise learn_noise(std::span<const double> values, std::span<const std::optional<std::pair<double, double>>> intervals,
                       double floor_pct, std::span<const size_t> steps = {});

}  // namespace abt
