// How much a point's value moves from build to build when nothing changed, learned from its own
// past: what a step at that point must exceed (instead of one threshold for every point). A
// point whose builds agree to 0.1% is judged at a fraction of a 1 us kernel's noise.
//
//   noise (sigma)  1.4826 x the median absolute deviation of its relative changes between
//                  consecutive builds, over sqrt(2) (a change is the difference of two builds'
//                  noise): robust to the steps and outliers among them. Where the code of both
//                  builds is known to be the same, those changes alone are pure noise and are
//                  used when there are enough of them;
//   step           the least change a level shift must make: 2 sigma, at least the floor;
//   one build      what the newest build alone must exceed to fail the gate (one value, no segment
//                  yet): rustc-perf's significance threshold, the upper fence Q3 + 3 x IQR of the
//                  past changes' magnitudes, at least the step;
//   exact          every change between builds of the same code was 0 (an instruction count, a
//                  code size): the metric has no noise, and every change of value is a step.
// With fewer than kBuildsToLearn values the noise is unknown: the typical half-width of the values'
// own intervals (a replay's in-process pair) stands in, at least `unlearned_pct`.
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace abt {

inline constexpr size_t kBuildsToLearn = 5;
inline constexpr double kStepSigmas = 2.0;
inline constexpr double kFenceIqrs = 3.0;

// Between two consecutive values of a point: did its code change? (A time step where it did not
// is the machine's, never the compiler's.)
enum class CodeBoundary { changed, same, unknown };

using ValueInterval = std::optional<std::pair<double, double>>;

struct PointNoise {
  size_t builds = 0;         // the values it was learned from
  bool learned = false;      // false: too few, `unlearned_pct` stands in
  bool exact = false;        // learned, and no change between builds of the same code at all
  double sigma_pct = 0;      // noise per build, % of the value (unlearned: what stands in)
  double within_pct = 0;     // the typical half-width of a value's own interval, % (0: none)
  double step_pct = 0;       // what a level shift must exceed here
  double one_build_pct = 0;  // what the newest build alone must exceed
};

struct NoiseInput {
  std::span<const double> values;           // in build order
  std::span<const ValueInterval> intervals;  // each value's, where it has one (may be empty)
  std::span<const CodeBoundary> boundaries;  // [i]: between value i-1 and i ([0] unused; empty: all unknown)
  std::span<const size_t> steps;             // known level shifts (their index): their jumps are no noise
};

PointNoise learn_noise(const NoiseInput& input, double floor_pct, double unlearned_pct);

}  // namespace abt
