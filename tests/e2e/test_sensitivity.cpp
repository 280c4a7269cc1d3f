// Sensitivity on the host (issue: "verdicts you can trust"): a planted 5% slowdown of
// cpu_work_knob (-DEXTRA_PERMILLE=50: 5% more steps of its FMA chain, same result bits) is
// SLOWER at every point and never FASTER; the unchanged code is never FASTER or SLOWER. Both
// replays are interleaved (A's stored binary beside B's), which is what makes 5% visible on a
// shared VM whose two processes can differ by more than that.
#include <gtest/gtest.h>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

std::map<std::string, int> verdicts(const fs::path& a, const fs::path& b) {
  auto report = nlohmann::json::parse(abtool({"diff", a.string(), b.string(), "--format", "json"}).out);
  std::map<std::string, int> counts;
  for (const auto& point : report["points"]) ++counts[point["verdict"].get<std::string>()];
  return counts;
}

TEST(HostSensitivity, AFivePercentSlowdownIsSlowerAndNothingIsInvented) {
  TempDir dir("abtool-sensitivity-");
  const fs::path a = dir.path() / "A", planted = dir.path() / "B5", same = dir.path() / "B0";
  const std::vector<std::string> budget{"--warmup-ms", "200", "--rep-ms", "300", "--rounds", "6"};
  std::vector<std::string> args{"record", "--op", "cpu_work_knob", "--compiler", "host:g++", "--shapes",
                                (source_dir() / "bench/shapes/sensitivity.yaml").string(), "--out", a.string()};
  args.insert(args.end(), budget.begin(), budget.end());
  ProcessResult recorded = abtool(args);
  ASSERT_EQ(recorded.exit_code, 0) << describe(recorded);
  ASSERT_EQ(replay(a, planted, {"--compiler-flags", "-DEXTRA_PERMILLE=50"}).exit_code, 0);
  ASSERT_EQ(replay(a, same, {}).exit_code, 0);

  auto slower = verdicts(a, planted);
  EXPECT_EQ(slower["SLOWER"], 4) << nlohmann::json(slower).dump();
  EXPECT_EQ(slower["FASTER"], 0);
  auto unchanged = verdicts(a, same);
  EXPECT_EQ(unchanged["SLOWER"] + unchanged["FASTER"], 0) << nlohmann::json(unchanged).dump();
}

}  // namespace abt::e2e
