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

TEST(Bootstrap, PairedRoundsCancelWhatARoundSharesOnBothSides) {
  // Each round ran at its own placement, which made A's and B's code alike 0-8% slower; B is
  // 1% slower than A in every round. Independent rounds see the placements as noise and cannot
  // tell; rounds drawn in pairs see the 1% alone.
  std::vector<double> a, b;
  std::vector<int> rounds;
  for (int r = 0; r < 10; ++r) {
    const double placement = 1.0 + 0.08 * ((r * 7) % 10) / 10.0;
    auto block_a = noisy(100 * placement, 0.2, 20, 100 + r);
    auto block_b = noisy(101 * placement, 0.2, 20, 200 + r);
    a.insert(a.end(), block_a.begin(), block_a.end());
    b.insert(b.end(), block_b.begin(), block_b.end());
    rounds.push_back(20);
  }
  auto independent = bootstrap_median_ratio({a, rounds}, {b, rounds}, Pairing::independent);
  auto paired = bootstrap_median_ratio({a, rounds}, {b, rounds}, Pairing::by_round);
  EXPECT_LT(independent.low, 1.0);
  EXPECT_GT(paired.low, 1.0);
  EXPECT_LT(paired.high, 1.03);
  EXPECT_LT(paired.high - paired.low, 0.5 * (independent.high - independent.low));
  EXPECT_EQ(paired.ratio, independent.ratio);  // the estimate is the same; only its interval differs
}

TEST(Bootstrap, PairingNeedsAsManyRoundsOnBothSides) {
  auto a = noisy(100, 1, 40, 5), b = noisy(100, 1, 30, 6);
  auto paired = bootstrap_median_ratio({a, {20, 20}}, {b, {10, 10, 10}}, Pairing::by_round);
  auto independent = bootstrap_median_ratio({a, {20, 20}}, {b, {10, 10, 10}}, Pairing::independent);
  EXPECT_EQ(paired.low, independent.low);
  EXPECT_EQ(paired.high, independent.high);
}

TEST(Bootstrap, IsDeterministic) {
  auto a = noisy(10, 1, 50, 3), b = noisy(11, 1, 50, 4);
  auto first = bootstrap_median_ratio({a, {}}, {b, {}});
  auto second = bootstrap_median_ratio({a, {}}, {b, {}});
  EXPECT_EQ(first.low, second.low);
  EXPECT_EQ(first.high, second.high);
}

}  // namespace abt
