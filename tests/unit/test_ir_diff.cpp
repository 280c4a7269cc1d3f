#include <gtest/gtest.h>

#include "compare/ir_diff.h"

namespace abt {

TEST(IrDiff, UnifiedFormatWithLabels) {
  std::string diff = unified_diff("a\nb\nc\n", "a\nB\nc\n", "A/x.s", "B/x.s");
  EXPECT_NE(diff.find("--- A/x.s\n+++ B/x.s\n"), std::string::npos);
  EXPECT_NE(diff.find("@@"), std::string::npos);
  EXPECT_NE(diff.find("-b\n"), std::string::npos);
  EXPECT_NE(diff.find("+B\n"), std::string::npos);
}

TEST(IrDiff, IdenticalTextHasNoDiff) { EXPECT_EQ(unified_diff("same\n", "same\n", "a", "b"), ""); }

}  // namespace abt
