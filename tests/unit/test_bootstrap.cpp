#include <gtest/gtest.h>

#include <random>

#include "compare/bootstrap.h"

namespace abt {

std::vector<double> noisy(double center, double spread, int n, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0, spread);
  std::vector<double> samples;
  for (int i = 0; i < n; ++i) samples.push_back(center + noise(random));
  return samples;
}

TEST(Bootstrap, SameDistributionGivesAnIntervalAroundOne) {
  auto interval = bootstrap_median_ratio({noisy(100, 2, 200, 1), {}}, {noisy(100, 2, 200, 2), {}});
  EXPECT_LT(interval.low, 1.0);
  EXPECT_GT(interval.high, 1.0);
  EXPECT_NEAR(interval.ratio, 1.0, 0.01);
}

TEST(Bootstrap, ATwentyPercentShiftExcludesOne) {
  auto interval = bootstrap_median_ratio({noisy(100, 2, 200, 1), {}}, {noisy(120, 2, 200, 2), {}});
  EXPECT_GT(interval.low, 1.15);
  EXPECT_LT(interval.high, 1.25);
}

TEST(Bootstrap, DisagreeingRoundsWidenTheInterval) {
  // A's rounds ran in two machine states (100 and 130); B's all at 100. Pooled samples would
  // make B look 15% faster with a tight interval; rounds make the interval admit "no change".
  std::vector<double> a, b;
  std::vector<int> rounds;
  for (int r = 0; r < 6; ++r) {
    auto block = noisy(r % 2 ? 130 : 100, 1, 20, r);
    a.insert(a.end(), block.begin(), block.end());
    rounds.push_back(20);
    auto other = noisy(r % 3 ? 100 : 130, 1, 20, 10 + r);
    b.insert(b.end(), other.begin(), other.end());
  }
  auto pooled = bootstrap_median_ratio({a, {}}, {b, {}});
  auto by_round = bootstrap_median_ratio({a, rounds}, {b, rounds});
  EXPECT_GT(by_round.high - by_round.low, 2 * (pooled.high - pooled.low));
  EXPECT_LT(by_round.low, 1.0);
  EXPECT_GT(by_round.high, 1.0);
}

TEST(Bootstrap, IsDeterministic) {
  auto a = noisy(10, 1, 50, 3), b = noisy(11, 1, 50, 4);
  auto first = bootstrap_median_ratio({a, {}}, {b, {}});
  auto second = bootstrap_median_ratio({a, {}}, {b, {}});
  EXPECT_EQ(first.low, second.low);
  EXPECT_EQ(first.high, second.high);
}

}  // namespace abt
