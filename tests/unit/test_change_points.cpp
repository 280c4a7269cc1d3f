// E-divisive change points with a t-test (stats/change_points.h): a planted step is found where
// it is, a flat series has none, a lone outlier is no segment with a minimum segment of 3, and
// the t-test's p-value is scipy's.
#include <gtest/gtest.h>

#include <random>

#include "stats/change_points.h"

namespace abt {
namespace {

std::vector<double> noisy(size_t n, double level, double sigma, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0, sigma);
  std::vector<double> values;
  for (size_t i = 0; i < n; ++i) values.push_back(level * (1 + noise(random)));
  return values;
}

TEST(ChangePoints, APlantedStepIsFoundAtItsBuild) {
  std::vector<double> series = noisy(60, 1.0, 0.005, 7);
  for (size_t i = 37; i < series.size(); ++i) series[i] *= 1.03;  // a 3% step at build 37: 6 sigma
  const auto found = change_points(series);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 37u);
  EXPECT_NEAR(found[0].test.forward_change(), 0.03, 0.005);
  EXPECT_LT(found[0].test.pvalue, 0.001);
  EXPECT_EQ(found[0].test.n_before, 37u);
  EXPECT_EQ(found[0].test.n_after, 23u);
}

TEST(ChangePoints, AFlatSeriesHasNoneOfTheNoisesSize) {
  // The best of many splits is tested, so p < 0.001 alone lets a few flat series through (seed 9
  // here, as in Otava): a change must also be as large as the point's noise makes meaningful.
  ChangePointOptions options;
  options.min_magnitude = 0.02;  // twice the noise
  for (unsigned seed = 1; seed <= 50; ++seed) EXPECT_TRUE(change_points(noisy(100, 5.0, 0.01, seed), options).empty()) << seed;
  const std::vector<double> constant(30, 1.0);
  EXPECT_TRUE(change_points(constant).empty()) << "equal values: no test can tell a change";
}

TEST(ChangePoints, AStepInACountIsExact) {
  std::vector<double> counts(20, 917291);
  for (size_t i = 12; i < counts.size(); ++i) counts[i] = 930358;
  const auto found = change_points(counts);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 12u);
  EXPECT_EQ(found[0].test.pvalue, 0.0);
}

TEST(ChangePoints, AMinimumSegmentLeavesALoneOutlierAlone) {
  std::vector<double> series = noisy(80, 1.0, 0.005, 3);
  series[40] = 1.2;  // one build, 40 sigma out
  ChangePointOptions options;
  options.min_segment = 3;
  EXPECT_TRUE(change_points(series, options).empty());
  // Three builds out are a step, not an outlier.
  series[41] = series[42] = 1.2;
  series.resize(43);
  EXPECT_EQ(change_points(series, options).size(), 1u);
}

TEST(ChangePoints, BelowTheMinimumMagnitudeAChangeIsDropped) {
  std::vector<double> series = noisy(60, 1.0, 0.001, 5);
  for (size_t i = 30; i < series.size(); ++i) series[i] *= 1.01;
  ChangePointOptions options;
  EXPECT_EQ(change_points(series, options).size(), 1u);
  options.min_magnitude = 0.02;
  EXPECT_TRUE(change_points(series, options).empty());
}

TEST(ChangePoints, TheTTestIsScipys) {
  // scipy.stats.ttest_ind_from_stats(1.0, 0.1, 10, 1.1, 0.1, 12): t = -2.3355, p = 0.0300466
  EXPECT_NEAR(t_test_pvalue(1.0, 0.1, 10, 1.1, 0.1, 12), 0.0300466, 1e-6);
  EXPECT_DOUBLE_EQ(t_test_pvalue(1.0, 0.0, 1, 2.0, 0.0, 1), 1.0) << "two values: no degree of freedom";
}

}  // namespace
}  // namespace abt
