#include <gtest/gtest.h>

#include <cmath>

#include "stats/summary.h"

namespace abt {

TEST(Statistics, OrderStatistics) {
  SampleSummary summary = summarize({5, 1, 4, 2, 3});
  EXPECT_EQ(summary.n, 5u);
  EXPECT_DOUBLE_EQ(summary.median, 3);
  EXPECT_DOUBLE_EQ(summary.min, 1);
  EXPECT_DOUBLE_EQ(summary.max, 5);
  EXPECT_DOUBLE_EQ(summary.q1, 2);
  EXPECT_DOUBLE_EQ(summary.q3, 4);
  EXPECT_DOUBLE_EQ(summary.mean, 3);
  EXPECT_DOUBLE_EQ(median_of({1, 2, 3, 10}), 2.5);
  EXPECT_EQ(summarize({}).n, 0u);
}

// The value that stands for a set: a measured one, the lower middle where there are two.
TEST(Statistics, TheMedianPositionIsAMeasuredValues) {
  EXPECT_EQ(median_position(0), 0u);
  EXPECT_EQ(median_position(1), 0u);
  EXPECT_EQ(median_position(2), 0u);
  EXPECT_EQ(median_position(3), 1u);
  EXPECT_EQ(median_position(4), 1u);
}

// A mean's 95% interval by Student's t: two samples 0.3% apart are not a mean known to 0.3%.
TEST(Statistics, TheMeansIntervalIsStudentsT) {
  const std::vector<double> two{100.0, 100.3};
  // s = 0.212, s / sqrt(2) = 0.15, t(1) = 12.706: 1.906 of a mean of 100.15
  EXPECT_NEAR(relative_ci95_half_width(two), 12.706 * 0.15 / 100.15, 1e-4);
  EXPECT_TRUE(std::isinf(relative_ci95_half_width({5.0})));
  EXPECT_TRUE(std::isinf(relative_ci95_half_width({0.0, 0.0})));
  EXPECT_DOUBLE_EQ(relative_ci95_half_width(std::vector<double>(10, 3.0)), 0.0);
}

}  // namespace abt
