// Change points of a series (a point's values over builds, in build order): E-divisive means with
// a significance test, as Apache Otava computes them (the method of "Change Point Detection in
// Software Performance Testing", Daly et al., ICPE 2020, and "Hunter", Fleming et al., ICPE 2023):
//   split: in sliding windows (`window` values, half a window apart) the E-divisive statistic
//     (energy distance of the two sides, power 1) proposes the split that maximizes it, recursively,
//     kept while a two-sided Student's t-test of the two sides' means gives p <= 10 x max_pvalue
//     (the weak change points);
//   merge: over the whole series, the weakest change point (the largest p, or when every p is
//     below max_pvalue the smallest magnitude) is removed and its neighbours re-tested until every
//     p <= max_pvalue and every magnitude > min_magnitude.
// With min_segment 1 (and otava_merge) the result is Otava 0.8.0's compute_change_points
// (tests/history holds the two against each other); a larger min_segment makes the merge remove a
// change point that leaves a segment shorter than it, so a lone outlier or two are no segment of
// their own (the split stays Otava's, so a step is still placed where the windows saw it).
#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace abt {

struct ChangePointOptions {
  size_t window = 50;          // Otava's window_len
  double max_pvalue = 0.001;
  double min_magnitude = 0;    // relative: a change below it is dropped (Otava's min_magnitude)
  size_t min_segment = 1;      // values on each side of a split, at least
  // Merge as Otava 0.8.0 does: after removing a change point it re-tests the two that follow it,
  // leaving the one before with the test it had against the removed one. false: the two around it
  // (the segments they bound are the ones that changed).
  bool otava_merge = false;
  // Judge a change's size by the two segments' medians, not their means: an outlier or two inside
  // a short segment moves its mean past the minimum magnitude, not its median (false: Otava's means).
  bool robust_magnitude = true;
};

// The two sides of a split and the t-test between them (Otava's TTestStats: population standard
// deviations, a pooled-variance two-sided test).
struct SegmentTest {
  double mean_before = 0, mean_after = 0;
  double median_before = 0, median_after = 0;
  double std_before = 0, std_after = 0;
  size_t n_before = 0, n_after = 0;
  double pvalue = 1;

  double forward_change() const;  // mean_after / mean_before - 1 (0 where mean_before is 0)
  double magnitude() const;       // the larger of |forward| and |backward| (Otava's change_magnitude)
  double median_magnitude() const;  // the same of the medians
};

struct ChangePoint {
  size_t index = 0;  // the first value of the new segment
  double qhat = 0;   // the E-divisive statistic that proposed it
  SegmentTest test;  // against the neighbouring segments
};

std::vector<ChangePoint> change_points(std::span<const double> series, const ChangePointOptions& options = {});

// The two-sided p-value of Student's t-test of two samples given by their means, standard
// deviations and sizes, variances pooled (scipy's ttest_ind_from_stats, equal_var=True).
double t_test_pvalue(double mean_1, double std_1, size_t n_1, double mean_2, double std_2, size_t n_2);

}  // namespace abt
