#include <gtest/gtest.h>

#include <cmath>

#include "launch/half_bits.h"

namespace abt {

TEST(HalfBits, KnownPatterns) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(-2.0f), 0xc000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
  EXPECT_EQ(float_to_half(1e6f), 0x7c00);
  EXPECT_EQ(float_to_half(0x1p-24f), 0x0001);
  EXPECT_EQ(float_to_half(1.0f + 0x1p-11f), 0x3c00);  // tie: to even
  EXPECT_EQ(float_to_half(1.0f + 3 * 0x1p-11f), 0x3c02);
  EXPECT_EQ(float_to_bf16(1.0f), 0x3f80);
  EXPECT_EQ(float_to_bf16(-0.5f), 0xbf00);
  EXPECT_TRUE(std::isnan(half_to_float(0x7e00)));
  EXPECT_TRUE(std::isnan(bf16_to_float(0x7fc0)));
}

TEST(HalfBits, RoundTripsEveryFiniteHalf) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    if ((bits & 0x7c00) == 0x7c00) continue;  // inf and nan
    ASSERT_EQ(float_to_half(half_to_float(uint16_t(bits))), bits) << std::hex << bits;
  }
}

}  // namespace abt
