// reference: baseline -- an op with no reference kernel, side A's outputs its reference: the record
// checks its configs against one of its own, a replay checks B against A's stored binary run on
// the same inputs, so a miscompile in B is caught (FAILED, never timed) with no hand-written reference.
#include <gtest/gtest.h>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class BaselineReference : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-baseline-reference-");
    record_ = new ProcessResult(record(a(), {"--ops-dir", fixture_ops().string(), "--op", "fixture_baseline_reference",
                                              "--compiler-flags", "-DSABOTAGE=2"}));
  }
  static void TearDownTestSuite() {
    delete record_;
    delete dir_;
  }
  static fs::path a() { return dir_->path() / "A"; }
  static ProcessResult replay_into(const std::string& name, std::vector<std::string> extra) {
    return replay(a(), dir_->path() / name, std::move(extra));
  }
  static TempDir* dir_;
  static ProcessResult* record_;
};
TempDir* BaselineReference::dir_ = nullptr;
ProcessResult* BaselineReference::record_ = nullptr;

TEST_F(BaselineReference, TheRecordChecksItsConfigsAgainstItsFirstAndNeverChoosesOneThatDisagrees) {
  ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  const auto results = read_results(a());
  ASSERT_EQ(results["points"].size(), 2u);
  const std::string log = read_text_file(a() / "run.log");
  for (const auto& point : results["points"]) {
    EXPECT_EQ(point["status"], "SUCCESS") << point["error"];
    EXPECT_NE(point["config"]["BLOCK"], "2") << "BLOCK=2 (sabotaged) disagrees with BLOCK=1, the reference";
    const std::string id = "fixture_baseline_reference/" + point["shape_text"].get<std::string>() + "/fp32";
    EXPECT_NE(log.find(id + ": the reference is A's config BLOCK=1: A's other configs are checked against it"), std::string::npos)
        << log;
  }
  const auto choices = read_json(a() / "autotune_records/fixture_baseline_reference.json")["choices"];
  for (const auto& choice : choices) {
    bool sabotaged_failed = false;
    for (const auto& candidate : choice["candidates"])
      if (candidate["config"]["BLOCK"] == "2") sabotaged_failed = candidate["status"] == "verify_failed";
    EXPECT_TRUE(sabotaged_failed) << choice.dump();
  }
}

TEST_F(BaselineReference, AReplayIsVerifiedAgainstAsStoredBinaryAndAnAAIsSame) {
  ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  ProcessResult replayed = replay_into("B", {"--compiler-flags", "-DSABOTAGE=2"});
  ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  const std::string log = read_text_file(dir_->path() / "B/run.log");
  for (const auto& point : read_points(dir_->path() / "B")) {
    EXPECT_EQ(point["status"], "SUCCESS") << point["error"];
    EXPECT_EQ(point["verify"]["status"], "passed");
    EXPECT_EQ(point["verify"]["against"], "baseline_output");
    const std::string id = "fixture_baseline_reference/" + point["shape_text"].get<std::string>() + "/fp32";
    EXPECT_NE(log.find(id + ": the reference is A's stored binary (BLOCK=1), run here (reference: baseline)"), std::string::npos)
        << log;
  }
  const nlohmann::json compared = diff_as_json(a(), dir_->path() / "B");
  for (const auto& point : compared["points"]) {
    EXPECT_EQ(point["verdict"], "SAME") << point.dump();
    // The reader of the diff is told what B was checked against, not only run.log's reader.
    EXPECT_NE(point["note"].get<std::string>().find("verified against A's output, not an independent reference"),
              std::string::npos) << point.dump();
  }
}

TEST_F(BaselineReference, AMiscompiledBIsCaughtAgainstAsOutputAndNeverTimed) {
  ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  ProcessResult replayed = replay_into("wrong", {"--compiler-flags", "-DSABOTAGE_ALL"});
  EXPECT_EQ(replayed.exit_code, 1) << describe(replayed);
  for (const auto& point : read_points(dir_->path() / "wrong")) {
    EXPECT_EQ(point["status"], "FAILED");
    EXPECT_TRUE(point["samples_us"].empty()) << "a variant that fails verification is not timed";
    EXPECT_EQ(point["verify"]["status"], "failed") << point.dump();
    EXPECT_EQ(point["verify"]["mismatches"], 1) << point["verify"];
  }
}

TEST_F(BaselineReference, WithoutInterleavingAsBinaryIsStillTheReference) {
  ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  ProcessResult replayed = replay_into("separate", {"--no-interleave", "--compiler-flags", "-DSABOTAGE_ALL"});
  EXPECT_EQ(replayed.exit_code, 1) << describe(replayed);
  for (const auto& point : read_points(dir_->path() / "separate")) EXPECT_EQ(point["status"], "FAILED") << point.dump();
}

TEST_F(BaselineReference, WhenAsBinaryIsGoneThePointFailsWithTheReason) {
  ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  const fs::path copy = dir_->path() / "A-without-bin";
  fs::copy(a(), copy, fs::copy_options::recursive);
  fs::remove_all(copy / "bin");
  ProcessResult replayed = replay(copy, dir_->path() / "orphan", {});
  EXPECT_EQ(replayed.exit_code, 1) << describe(replayed);
  for (const auto& point : read_points(dir_->path() / "orphan")) {
    EXPECT_EQ(point["status"], "FAILED");
    EXPECT_NE(point["error"].get<std::string>().find("no reference: A's output is this point's (reference: baseline), but "
                                                     "A's stored binary cannot be used"),
              std::string::npos)
        << point["error"];
  }
}

}  // namespace abt::e2e
