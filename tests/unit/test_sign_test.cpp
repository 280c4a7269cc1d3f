#include <gtest/gtest.h>

#include "stats/sign_test.h"

namespace abt {

TEST(SignTest, TailsOfAFairCoin) {
  EXPECT_DOUBLE_EQ(binomial_half_upper_tail(0, 5), 1.0);
  EXPECT_NEAR(binomial_half_upper_tail(5, 5), 1.0 / 32, 1e-12);
  EXPECT_NEAR(binomial_half_upper_tail(4, 5), 6.0 / 32, 1e-12);
  // 8 of 11 rounds one way: p = 0.227 two-sided (the example in verdict/round_signs.h).
  EXPECT_NEAR(sign_test_p_two_sided(8, 11), 0.2266, 1e-4);
  EXPECT_NEAR(sign_test_p_two_sided(3, 11), 0.2266, 1e-4);  // the larger side is what counts
  EXPECT_DOUBLE_EQ(sign_test_p_two_sided(0, 0), 1.0);
  EXPECT_DOUBLE_EQ(sign_test_p_two_sided(3, 6), 1.0);  // capped at 1
}

}  // namespace abt
