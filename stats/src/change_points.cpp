#include "stats/change_points.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <boost/math/distributions/students_t.hpp>

#include "stats/summary.h"

namespace abt {
namespace {

// [start, stop): the segments between change points (Otava's get_intervals).
struct Interval {
  size_t start = 0, stop = 0;
  size_t size() const { return stop - start; }
};

std::vector<Interval> intervals_of(const std::vector<ChangePoint>& points, size_t n) {
  std::vector<Interval> intervals;
  size_t start = 0;
  for (const ChangePoint& point : points) {
    if (point.index != start) intervals.push_back({start, point.index});
    start = point.index;
  }
  if (start != n) intervals.push_back({start, n});
  return intervals;
}

// `medians`: also each side's median (what a robust magnitude is judged by; the merge's, not the windows').
SegmentTest test_segments(std::span<const double> left, std::span<const double> right, bool medians) {
  auto mean = [](std::span<const double> values) {
    double sum = 0;
    for (double value : values) sum += value;
    return sum / double(values.size());
  };
  auto population_std = [](std::span<const double> values, double mean) {
    if (values.size() < 2) return 0.0;
    double sum = 0;
    for (double value : values) sum += (value - mean) * (value - mean);
    return std::sqrt(sum / double(values.size()));
  };
  SegmentTest test;
  test.n_before = left.size();
  test.n_after = right.size();
  test.mean_before = mean(left);
  test.mean_after = mean(right);
  test.std_before = population_std(left, test.mean_before);
  test.std_after = population_std(right, test.mean_after);
  if (medians) {
    test.median_before = median_of(std::vector<double>(left.begin(), left.end()));
    test.median_after = median_of(std::vector<double>(right.begin(), right.end()));
  }
  test.pvalue = left.size() + right.size() > 2
                    ? t_test_pvalue(test.mean_before, test.std_before, left.size(), test.mean_after, test.std_after, right.size())
                    : 1.0;
  return test;
}

// The E-divisive statistic of one window (Otava's PairDistanceCalculator, power 1): for a split of
// [s, k) at t, Q = 2/(m+n) cross - 2m/((m+n)(n-1)) within_left - 2n/((m+n)(m-1)) within_right, the
// sums of |x_i - x_j| over pairs across the split and within each side, from `within` sums of
// every segment [a, b), made once per window in O(w^2).
class EnergyDistance {
 public:
  explicit EnergyDistance(std::span<const double> values) : n_(values.size()), within_((n_ + 1) * (n_ + 1), 0.0) {
    // within(a, b) = within(a, b - 1) + sum_{a <= i < b - 1} |x_i - x_{b-1}|, the inner sum built from a = b - 2 down.
    for (size_t b = 2; b <= n_; ++b) {
      double column = 0;
      for (size_t a = b - 1; a-- > 0;) {
        column += std::abs(values[a] - values[b - 1]);
        at(a, b) = at(a, b - 1) + column;
      }
    }
  }

  double q(size_t s, size_t t, size_t k) const {
    const double n = double(t - s), m = double(k - t);
    const double left = at(s, t), right = at(t, k), cross = at(s, k) - left - right;
    double value = 2 / (m + n) * cross;
    if (n > 1) value -= 2 * m / ((m + n) * (n - 1)) * left;
    if (m > 1) value -= 2 * n / ((m + n) * (m - 1)) * right;
    return value;
  }

 private:
  double& at(size_t a, size_t b) { return within_[a * (n_ + 1) + b]; }
  double at(size_t a, size_t b) const { return within_[a * (n_ + 1) + b]; }
  size_t n_;
  std::vector<double> within_;
};

struct Candidate {
  size_t index = 0;
  double qhat = 0;
};

// The split of [s, e) that maximizes Q over every end k (Otava's get_candidate_change_point): its
// matrix of Q(t, k) has zeros where k <= t, and its argmax may land on one (every Q negative): kept
// as it is, so the two agree.
std::optional<Candidate> best_split(const EnergyDistance& energy, Interval interval) {
  const size_t s = interval.start, size = interval.size();
  std::optional<Candidate> best;
  for (size_t i = 0; i + 1 < size; ++i)
    for (size_t j = 0; j + 1 < size; ++j) {
      const double value = j >= i ? energy.q(s, s + 1 + i, s + 2 + j) : 0.0;
      if (!best || value > best->qhat) best = Candidate{s + 1 + i, value};
    }
  return best;
}

// A candidate's test against the segments around it: a new split of the interval it lies in, or
// an existing change point between its two intervals (Otava's TTestSignificanceTester).
SegmentTest test_at(size_t index, std::span<const double> series, const std::vector<Interval>& intervals, bool medians) {
  for (size_t i = 0; i < intervals.size(); ++i) {
    const Interval& interval = intervals[i];
    if (interval.stop == index && i + 1 < intervals.size()) {
      const Interval& next = intervals[i + 1];
      return test_segments(series.subspan(interval.start, interval.size()), series.subspan(next.start, next.size()), medians);
    }
    if (interval.start < index && index < interval.stop)
      return test_segments(series.subspan(interval.start, index - interval.start), series.subspan(index, interval.stop - index),
                           medians);
  }
  return {};
}

bool significant(const SegmentTest& test, double max_pvalue) { return test.pvalue <= max_pvalue; }

// Otava's ChangePointDetector on one window: the best split while it is significant.
std::vector<ChangePoint> detect(std::span<const double> window, double max_pvalue) {
  const EnergyDistance energy(window);
  std::vector<ChangePoint> points;
  while (true) {
    const std::vector<Interval> intervals = intervals_of(points, window.size());
    std::optional<Candidate> best;
    for (const Interval& interval : intervals) {
      if (interval.size() < 2) continue;
      const std::optional<Candidate> candidate = best_split(energy, interval);
      if (candidate && (!best || candidate->qhat > best->qhat)) best = candidate;
    }
    if (!best) break;
    ChangePoint point{best->index, best->qhat, test_at(best->index, window, intervals, false)};
    if (!significant(point.test, max_pvalue)) break;
    points.push_back(point);
    std::sort(points.begin(), points.end(), [](const ChangePoint& x, const ChangePoint& y) { return x.index < y.index; });
  }
  return points;
}

// Sliding windows, half a window apart; each window's change points kept once (Otava's split).
std::vector<ChangePoint> weak_change_points(std::span<const double> series, const ChangePointOptions& options, double pvalue) {
  const size_t n = series.size(), window = std::max<size_t>(options.window, 2), step = window / 2;
  std::vector<ChangePoint> points;
  for (size_t start = 0; start < n;) {
    const size_t end = std::min(start + window, n);
    std::vector<ChangePoint> found = detect(series.subspan(start, end - start), pvalue);
    size_t last = 0;
    for (ChangePoint& point : found) {
      point.index += start;
      last = std::max(last, point.index);
      if (std::none_of(points.begin(), points.end(), [&](const ChangePoint& known) { return known.index == point.index; }))
        points.push_back(point);
    }
    start = std::max(last, start + step);
  }
  std::sort(points.begin(), points.end(), [](const ChangePoint& x, const ChangePoint& y) { return x.index < y.index; });
  const std::vector<Interval> intervals = intervals_of(points, n);
  for (ChangePoint& point : points) point.test = test_at(point.index, series, intervals, options.robust_magnitude);
  return points;
}

// The weakest change point removed, and its neighbours re-tested, until every segment is at least
// the minimum long and every change point significant and large enough (Otava's merge; a segment
// too short goes first, the less significant of the two points around it with it).
void merge(std::vector<ChangePoint>& points, std::span<const double> series, const ChangePointOptions& options) {
  auto too_short = [&](size_t i) {  // the segment before point i, or after the last
    const size_t from = i == 0 ? 0 : points[i - 1].index, to = i < points.size() ? points[i].index : series.size();
    return to - from < options.min_segment;
  };
  while (!points.empty()) {
    size_t weakest = 0;
    for (size_t i = 1; i < points.size(); ++i)
      if (points[i].test.pvalue > points[weakest].test.pvalue) weakest = i;
    std::optional<size_t> short_segment;
    for (size_t i = 0; i <= points.size() && !short_segment; ++i)
      if (too_short(i)) short_segment = i;
    if (short_segment) {  // the bounding point that matters less (only one where the segment ends the series)
      const size_t i = *short_segment;
      if (i == 0) weakest = 0;
      else if (i == points.size()) weakest = i - 1;
      else weakest = points[i - 1].test.pvalue >= points[i].test.pvalue ? i - 1 : i;
    } else if (points[weakest].test.pvalue < options.max_pvalue) {
      auto size = [&](const ChangePoint& point) {
        return options.robust_magnitude ? point.test.median_magnitude() : point.test.magnitude();
      };
      weakest = 0;
      for (size_t i = 1; i < points.size(); ++i)
        if (size(points[i]) < size(points[weakest])) weakest = i;
      if (size(points[weakest]) > options.min_magnitude) return;
    }
    points.erase(points.begin() + long(weakest));
    // The segments on both sides of the removed point are one now: the points that bound it.
    const std::vector<Interval> intervals = intervals_of(points, series.size());
    const size_t first = options.otava_merge ? weakest : weakest - 1;
    for (size_t i : {first, first + 1})
      if (i < points.size()) points[i].test = test_at(points[i].index, series, intervals, options.robust_magnitude);
  }
}

}  // namespace

double SegmentTest::forward_change() const { return mean_before == 0 ? 0 : mean_after / mean_before - 1; }

double SegmentTest::magnitude() const {
  const double backward = mean_after == 0 ? 0 : mean_before / mean_after - 1;
  return std::max(std::abs(forward_change()), std::abs(backward));
}

double SegmentTest::median_magnitude() const {
  const double forward = median_before == 0 ? 0 : median_after / median_before - 1;
  const double backward = median_after == 0 ? 0 : median_before / median_after - 1;
  return std::max(std::abs(forward), std::abs(backward));
}

double t_test_pvalue(double mean_1, double std_1, size_t n_1, double mean_2, double std_2, size_t n_2) {
  if (n_1 + n_2 <= 2) return 1.0;
  const double degrees = double(n_1 + n_2 - 2);
  const double pooled = ((double(n_1) - 1) * std_1 * std_1 + (double(n_2) - 1) * std_2 * std_2) / degrees;
  const double scale = std::sqrt(pooled * (1.0 / double(n_1) + 1.0 / double(n_2)));
  const double difference = std::abs(mean_1 - mean_2);
  if (scale == 0) return difference == 0 ? 1.0 : 0.0;  // no spread: equal means say nothing, unequal ones everything
  const double t = difference / scale;
  if (!std::isfinite(t)) return 0.0;
  const boost::math::students_t distribution(degrees);
  return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(distribution, t)));
}

std::vector<ChangePoint> change_points(std::span<const double> series, const ChangePointOptions& options) {
  if (series.size() < 2) return {};
  // Otava's first pass keeps the weak change points at ten times the p-value (twice above 0.05).
  const double p = options.max_pvalue;
  const double first_pass = p < 0.05 ? p * 10 : p < 0.5 ? p * 2 : p;
  std::vector<ChangePoint> points = weak_change_points(series, options, first_pass);
  merge(points, series, options);
  return points;
}

}  // namespace abt
