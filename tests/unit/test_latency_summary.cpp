#include <gtest/gtest.h>

#include "graphtime/latency_summary.h"
#include "graphtime/timer.h"

namespace abt {

TEST(LatencySummary, OrderStatistics) {
  LatencySummary summary = summarize({5, 1, 4, 2, 3});
  EXPECT_EQ(summary.n, 5u);
  EXPECT_DOUBLE_EQ(summary.median, 3);
  EXPECT_DOUBLE_EQ(summary.min, 1);
  EXPECT_DOUBLE_EQ(summary.max, 5);
  EXPECT_DOUBLE_EQ(summary.q1, 2);
  EXPECT_DOUBLE_EQ(summary.q3, 4);
  EXPECT_DOUBLE_EQ(summary.mean, 3);
  EXPECT_DOUBLE_EQ(median_of({1, 2, 3, 10}), 2.5);
}

TEST(LatencySummary, RoundsAppendInOrder) {
  Measurement total;
  Measurement first, second;
  first.method = second.method = "host";
  first.warmup_calls = 7;
  first.launches = 10;
  first.samples_us = {1, 2};
  second.warmup_calls = 5;
  second.launches = 8;
  second.samples_us = {3};
  second.markers = {"X"};
  append_round(total, first);
  append_round(total, second);
  EXPECT_EQ(total.samples_us, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(total.round_sizes, (std::vector<int>{2, 1}));
  EXPECT_EQ(total.warmup_calls, 7);
  EXPECT_EQ(total.launches, 18);
  EXPECT_EQ(total.markers, std::vector<std::string>{"X"});
}

}  // namespace abt
