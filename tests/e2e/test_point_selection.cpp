// --points: a run of a few named points of its selection (what explain --skip-passes --time replays):
// it measures exactly those, diff calls the others MISSING, and a name that is no point of the
// selection, or --points beside --shard, is bad input in one line before anything is written.
#include <gtest/gtest.h>

#include <fstream>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class PointSelection : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(shapes_) << "fixture_tunable:\n  shapes: [[1024], [2048], [3000]]\n";
    ProcessResult recorded = abtool({"record", "--out", a_.string(), "--compiler", "host:g++", "--ops-dir", fixture_ops().string(),
                                     "--shapes", shapes_.string(), "--warmup-ms", "2", "--rep-ms", "5", "--rounds", "2"});
    ASSERT_EQ(recorded.exit_code, 0) << describe(recorded);
  }
  TempDir dir_{"abtool-points-"};
  fs::path shapes_ = dir_.path() / "shapes.yaml", a_ = dir_.path() / "A";
};

TEST_F(PointSelection, AReplayOfNamedPointsMeasuresExactlyThose) {
  const fs::path b = dir_.path() / "B";
  ProcessResult replayed = replay(a_, b, {"--points", "fixture_tunable/3000/fp32,fixture_tunable/1024/fp32"});
  ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  const nlohmann::json results = read_results(b);
  EXPECT_EQ(results["planned"], nlohmann::json({"fixture_tunable/1024/fp32", "fixture_tunable/3000/fp32"}));
  ASSERT_EQ(results["points"].size(), 2u);
  for (const auto& point : results["points"]) EXPECT_EQ(point["status"], "SUCCESS") << point.dump();
  std::map<std::string, std::string> verdicts;
  const nlohmann::json compared = diff_as_json(a_, b);
  for (const auto& row : compared["points"]) verdicts[row["point"]] = row["verdict"];
  EXPECT_EQ(verdicts["fixture_tunable/2048/fp32"], "MISSING");
  EXPECT_NE(verdicts["fixture_tunable/1024/fp32"], "MISSING");
  EXPECT_NE(verdicts["fixture_tunable/3000/fp32"], "MISSING");
}

TEST_F(PointSelection, ANameThatIsNoPointOfTheSelectionIsBadInput) {
  const fs::path b = dir_.path() / "B";
  ProcessResult typo = replay(a_, b, {"--points", "fixture_tunable/2049/fp32"});
  EXPECT_EQ(typo.exit_code, 2) << describe(typo);
  EXPECT_NE(typo.err.find(": error: --points: fixture_tunable/2049/fp32 is not a point of this run's selection (3 point(s); "
                          "did you mean fixture_tunable/2048/fp32?)"),
            std::string::npos)
      << typo.err;
  EXPECT_FALSE(fs::exists(b));
  ProcessResult sharded = replay(a_, b, {"--points", "fixture_tunable/2048/fp32", "--shard", "1/2"});
  EXPECT_EQ(sharded.exit_code, 2) << describe(sharded);
  EXPECT_NE(sharded.err.find("--points cannot be given with --shard or --gpus"), std::string::npos) << sharded.err;
  EXPECT_FALSE(fs::exists(b));
}

}  // namespace abt::e2e
