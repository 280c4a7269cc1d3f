#include <gtest/gtest.h>

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

}  // namespace abt
