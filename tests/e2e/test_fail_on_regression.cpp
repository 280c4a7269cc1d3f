// `diff --fail-on-regression` on a real regression (B built with -O0) and on none (B's code
// identical to A's): exit 1 with the offending rows on stderr, and exit 0.
#include <gtest/gtest.h>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

TEST(FailOnRegression, ExitsOneOnARealRegressionAndZeroWithoutOne) {
  TempDir dir("abtool-regression-");
  const fs::path a = dir.path() / "A", slow = dir.path() / "O0", same = dir.path() / "same";
  ProcessResult recorded = record(a, {"--op", "cpu_matmul"});
  ASSERT_EQ(recorded.exit_code, 0) << describe(recorded);
  ASSERT_EQ(replay(a, slow, {"--compiler-flags", "-O0"}).exit_code, 0);
  ASSERT_EQ(replay(a, same, {}).exit_code, 0);

  // -O0 makes this matmul about 25x slower on the development VM; a shared VM's noise stays far
  // below the 200% threshold (bench/RESULTS.md), so neither outcome depends on the machine's mood.
  ProcessResult regressed = abtool({"diff", a.string(), slow.string(), "--fail-on-regression", "--threshold", "200"});
  EXPECT_EQ(regressed.exit_code, 1) << describe(regressed);
  EXPECT_NE(regressed.err.find("abtool diff: regression: cpu_matmul/32x48x40/fp32"), std::string::npos) << regressed.err;
  EXPECT_NE(regressed.out.find("SLOWER"), std::string::npos);

  ProcessResult unchanged = abtool({"diff", a.string(), same.string(), "--fail-on-regression", "--threshold", "200"});
  EXPECT_EQ(unchanged.exit_code, 0) << describe(unchanged);
  EXPECT_EQ(unchanged.err.find("regression:"), std::string::npos) << unchanged.err;
}

}  // namespace abt::e2e
