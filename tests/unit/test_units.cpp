#include <gtest/gtest.h>

#include "util/units.h"

namespace abt {

TEST(Units, MicrosecondsPickAReadableUnit) {
  EXPECT_EQ(format_microseconds(12.345), "12.35 us");
  EXPECT_EQ(format_microseconds(1234.5), "1.234 ms");
  EXPECT_EQ(format_microseconds(2e6), "2.000 s");
}

}  // namespace abt
