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

namespace abt {

// diff --ir's point headers list every opcode delta: wrapped between deltas, never inside one.
TEST(IrDiff, DeltasWrapBetweenEntriesNotInsideThem) {
  const std::string header = "=== cpu_saxpy/4096/fp32: s 116->442: +144 vmovups +73 vfmadd213ps +20 vmovss +11 cmpq";
  EXPECT_EQ(wrap_deltas(header, 40, 4),
            "=== cpu_saxpy/4096/fp32: s 116->442:\n"
            "    +144 vmovups +73 vfmadd213ps\n"
            "    +20 vmovss +11 cmpq");
  EXPECT_EQ(wrap_deltas(header, std::string::npos, 4), header) << "off a terminal: one line";
  EXPECT_EQ(wrap_deltas("short", 40, 4), "short");
}

}  // namespace abt
