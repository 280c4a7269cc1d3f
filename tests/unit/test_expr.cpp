#include <gtest/gtest.h>

#include "opspec/expr.h"

namespace abt {

TEST(Expr, EvaluatesArithmeticAndCdiv) {
  Expr expr("cdiv(M, BLOCK_M) * 2 + N");
  EXPECT_EQ(expr.symbols(), (std::set<std::string>{"M", "BLOCK_M", "N"}));
  EXPECT_EQ(expr.eval_int({{"M", 1000}, {"BLOCK_M", 128}, {"N", 1}}), 17);
}

TEST(Expr, SameExpressionEvaluatesWithNewValues) {
  Expr expr("2*M*N*K");
  EXPECT_DOUBLE_EQ(expr.eval({{"M", 2}, {"N", 3}, {"K", 4}}), 48);
  EXPECT_DOUBLE_EQ(expr.eval({{"M", 1}, {"N", 1}, {"K", 1}}), 2);
}

TEST(Expr, MissingValueIsAnError) {
  Expr expr("M + Q");
  EXPECT_THROW(expr.eval({{"M", 1}}), std::invalid_argument);
}

TEST(Expr, SyntaxErrorIsReported) {
  EXPECT_THROW(Expr("M +* 2"), std::invalid_argument);
}

TEST(Expr, NonIntegerIsRejectedWhereIntegersAreNeeded) {
  Expr expr("M / 3");
  EXPECT_THROW(expr.eval_int({{"M", 10}}), std::invalid_argument);
  EXPECT_EQ(expr.eval_int({{"M", 9}}), 3);
}

}  // namespace abt
