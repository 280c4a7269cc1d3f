#include <gtest/gtest.h>

#include <cmath>

#include "launch/counter_rng.h"

namespace abt {

TEST(CounterRng, IsAPureFunctionOfSeedStreamIndex) {
  EXPECT_EQ(counter_hash(7, 1, 1000), counter_hash(7, 1, 1000));
  EXPECT_NE(counter_hash(7, 1, 1000), counter_hash(8, 1, 1000));
  EXPECT_NE(counter_hash(7, 1, 1000), counter_hash(7, 2, 1000));
  EXPECT_NE(counter_hash(7, 1, 1000), counter_hash(7, 1, 1001));
}

TEST(CounterRng, UniformAndNormalHaveTheExpectedMoments) {
  const int n = 200000;
  double sum = 0, normal_sum = 0, normal_squares = 0;
  for (int i = 0; i < n; ++i) {
    double u = counter_uniform(42, 3, i);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    double z = counter_normal(42, 3, i);
    normal_sum += z;
    normal_squares += z * z;
  }
  EXPECT_NEAR(sum / n, 0.5, 0.005);
  EXPECT_NEAR(normal_sum / n, 0.0, 0.01);
  EXPECT_NEAR(normal_squares / n, 1.0, 0.02);
}

}  // namespace abt
