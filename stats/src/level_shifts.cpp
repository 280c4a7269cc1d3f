#include "stats/level_shifts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <boost/math/distributions/normal.hpp>

#include "stats/summary.h"

namespace abt {
namespace {

constexpr double kZ975 = 1.959964;

CodeBoundary boundary_at(std::span<const CodeBoundary> boundaries, size_t i) {
  return i < boundaries.size() ? boundaries[i] : CodeBoundary::unknown;
}

double two_sided_p(double z) { return std::erfc(std::abs(z) / std::sqrt(2.0)); }

// The values as the partition sees them: logarithms where every value is positive (a shift is a
// ratio, and its interval stays above -100%), else relative to the values' typical magnitude.
struct Scaled {
  std::vector<double> y;
  bool logarithmic = true;
  double scale = 1;

  double level(double mean) const { return logarithmic ? std::exp(mean) : mean * scale; }
  double relative(double difference) const { return logarithmic ? std::expm1(difference) : difference; }
};

Scaled scaled(std::span<const double> values) {
  Scaled out;
  out.logarithmic = std::all_of(values.begin(), values.end(), [](double value) { return value > 0; });
  if (!out.logarithmic) {
    std::vector<double> magnitudes;
    for (double value : values) magnitudes.push_back(std::abs(value));
    out.scale = median_of(magnitudes);
    if (out.scale == 0) out.scale = 1;
  }
  for (double value : values) out.y.push_back(out.logarithmic ? std::log(value) : value / out.scale);
  return out;
}

// A value far from its neighbours that ran the same code (up to two each side, the code the same
// between every two of them) is an outlier: pulled in to `sigmas` of their median, so that one odd
// build neither makes a level of its own nor moves its segment's. Where the code is not known, or
// changes next to it, nothing says it is odd: kept as it is.
void clip_outliers(std::vector<double>& y, std::span<const CodeBoundary> boundaries, double sigma, double sigmas) {
  const std::vector<double> original = y;
  const size_t n = y.size();
  for (size_t i = 0; i < n; ++i) {
    size_t from = i, to = i + 1;
    while (from > 0 && i - from < 2 && boundary_at(boundaries, from) == CodeBoundary::same) --from;
    while (to < n && to - i <= 2 && boundary_at(boundaries, to) == CodeBoundary::same) ++to;
    if (to - from < 3) continue;
    const double middle = median_of(std::vector<double>(original.begin() + long(from), original.begin() + long(to)));
    y[i] = std::clamp(original[i], middle - sigmas * sigma, middle + sigmas * sigma);
  }
}

// Segment costs in O(1) from prefix sums.
class SegmentCost {
 public:
  explicit SegmentCost(const std::vector<double>& y) : sum_(y.size() + 1, 0), squares_(y.size() + 1, 0) {
    for (size_t i = 0; i < y.size(); ++i) {
      sum_[i + 1] = sum_[i] + y[i];
      squares_[i + 1] = squares_[i] + y[i] * y[i];
    }
  }
  double mean(size_t a, size_t b) const { return (sum_[b] - sum_[a]) / double(b - a); }
  double cost(size_t a, size_t b) const {  // the sum of squared deviations of [a, b)
    const double s = sum_[b] - sum_[a];
    return std::max(0.0, squares_[b] - squares_[a] - s * s / double(b - a));
  }

 private:
  std::vector<double> sum_, squares_;
};

// The partition of least penalized cost whose boundaries are all `allowed`; the starts of its
// segments after the first. A segment lasts `min_segment` builds, but the first or the last may be
// shorter where the code changed at its inner end: the newest build alone, on new code, is a level
// of its own, not a reason to cut the series a build too early (on code that did not change).
std::vector<size_t> partition(const SegmentCost& costs, size_t n, const std::vector<double>& penalty,
                              const std::vector<bool>& allowed, std::span<const CodeBoundary> boundaries, double sigma,
                              size_t min_segment) {
  const double inf = std::numeric_limits<double>::infinity(), scale = 1 / (sigma * sigma);
  auto changed = [&](size_t i) { return boundary_at(boundaries, i) == CodeBoundary::changed; };
  std::vector<double> best(n + 1, inf);
  std::vector<size_t> last(n + 1, 0);
  best[0] = 0;
  for (size_t b = 1; b <= n; ++b) {
    for (size_t a = 0; a < b; ++a) {  // the last segment [a, b)
      if (a > 0 && (!allowed[a] || best[a] == inf)) continue;
      const bool whole = b - a >= min_segment || (a == 0 && b == n);
      const bool short_end = (b == n && a > 0 && changed(a)) || (a == 0 && b < n && changed(b));
      if (!whole && !short_end) continue;
      const double total = best[a] + costs.cost(a, b) * scale + (a > 0 ? penalty[a] : 0);
      if (total < best[b]) {
        best[b] = total;
        last[b] = a;
      }
    }
  }
  std::vector<size_t> starts;
  for (size_t b = n; best[b] != inf && last[b] > 0; b = last[b]) starts.push_back(last[b]);
  std::reverse(starts.begin(), starts.end());
  return starts;
}

}  // namespace

double penalty_for_pvalue(double pvalue) {
  const double z = boost::math::quantile(boost::math::complement(boost::math::normal(), std::clamp(pvalue, 1e-300, 1.0) / 2));
  return z * z;
}

double ShiftSettings::penalty(CodeBoundary boundary, size_t builds) const {
  if (boundary == CodeBoundary::changed) return changed_penalty;
  return scan_penalty_per_log * std::log(double(std::max<size_t>(builds, 2))) + scan_penalty;
}

std::vector<LevelShift> level_shifts(std::span<const double> values, std::span<const CodeBoundary> boundaries, double sigma,
                                     const ShiftSettings& settings) {
  const size_t n = values.size(), min_segment = std::max<size_t>(settings.min_segment, 1);
  if (n < 2 || !(sigma > 0)) return {};
  Scaled y = scaled(values);
  clip_outliers(y.y, boundaries, sigma, settings.outlier_sigmas);
  const SegmentCost costs(y.y);
  std::vector<double> penalty(n, 0);
  std::vector<bool> allowed(n, true);
  for (size_t i = 1; i < n; ++i) penalty[i] = settings.penalty(boundary_at(boundaries, i), n);
  // The least shift that counts, in the partition's units.
  const double least = std::max(settings.min_sigmas * sigma, y.logarithmic ? std::log1p(settings.floor) : settings.floor);
  while (true) {
    const std::vector<size_t> starts = partition(costs, n, penalty, allowed, boundaries, sigma, min_segment);
    std::vector<LevelShift> shifts;
    bool ruled_out = false;
    for (size_t k = 0; k < starts.size(); ++k) {
      const size_t from = k == 0 ? 0 : starts[k - 1], at = starts[k], to = k + 1 < starts.size() ? starts[k + 1] : n;
      const double before = costs.mean(from, at), after = costs.mean(at, to), difference = after - before;
      if (std::abs(difference) < least) {
        allowed[at] = false;
        ruled_out = true;
        continue;
      }
      LevelShift shift;
      shift.index = at;
      shift.boundary = boundary_at(boundaries, at);
      shift.n_before = at - from;
      shift.n_after = to - at;
      shift.level_before = y.level(before);
      shift.level_after = y.level(after);
      shift.change = y.relative(difference);
      const double error = sigma * std::sqrt(1.0 / double(shift.n_before) + 1.0 / double(shift.n_after));
      shift.low = y.relative(difference - kZ975 * error);
      shift.high = y.relative(difference + kZ975 * error);
      if (!y.logarithmic) shift.low = std::max(shift.low, -1.0);
      shift.z = difference / error;
      shift.pvalue = two_sided_p(shift.z);
      shifts.push_back(shift);
    }
    if (!ruled_out) return shifts;
  }
}

std::vector<LevelShift> exact_shifts(std::span<const double> values, std::span<const CodeBoundary> boundaries, double floor) {
  std::vector<LevelShift> shifts;
  const size_t n = values.size();
  for (size_t at = 1; at < n; ++at) {
    if (values[at] == values[at - 1]) continue;
    const double change = values[at - 1] != 0 ? values[at] / values[at - 1] - 1 : std::numeric_limits<double>::infinity();
    if (std::abs(change) <= floor) continue;
    LevelShift shift;
    shift.index = at;
    shift.boundary = boundary_at(boundaries, at);
    shift.level_before = values[at - 1];
    shift.level_after = values[at];
    shift.change = shift.low = shift.high = change;
    shift.z = std::copysign(std::numeric_limits<double>::infinity(), values[at] - values[at - 1]);
    shift.pvalue = 0;
    size_t from = at - 1, to = at + 1;
    while (from > 0 && values[from - 1] == values[at - 1]) --from;
    while (to < n && values[to] == values[at]) ++to;
    shift.n_before = at - from;
    shift.n_after = to - at;
    shifts.push_back(shift);
  }
  return shifts;
}

}  // namespace abt
