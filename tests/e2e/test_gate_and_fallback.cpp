// The verification gate during the sweep and the measurement, and replay's per-point fallback.
#include <gtest/gtest.h>

#include <fstream>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class GateAndFallback : public ::testing::Test {
 protected:
  ProcessResult record_sabotage(const fs::path& out, const std::string& flags) {
    return record(out, {"--ops-dir", fixture_ops().string(), "--op", "fixture_sabotage", "--compiler-flags", flags});
  }
  static std::vector<nlohmann::json> candidates(const fs::path& run, size_t point) {
    return read_json(run / "autotune_records/fixture_sabotage.json")["choices"][point]["candidates"];
  }
  TempDir dir_{"abtool-gate-"};
};

TEST_F(GateAndFallback, ACompileErrorInOneVariantLeavesTheSweepGoing) {
  auto run = dir_.path() / "A";
  ProcessResult result = record_sabotage(run, "-DBREAK=2");
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  for (const auto& point : read_points(run)) {
    EXPECT_EQ(point["status"], "SUCCESS");
    EXPECT_NE(point["config"]["BLOCK"], "2");
  }
  int failed_rows = 0;
  for (const auto& row : read_tsv(run / "ir/index.tsv")) failed_rows += row[2] == "BLOCK2" && row[7] == "compile_failed";
  EXPECT_EQ(failed_rows, 2);  // one per shape
  std::string log = read_text_file(run / "run.log");
  EXPECT_NE(log.find("compile_failed op=fixture_sabotage"), std::string::npos);
  EXPECT_NE(log.find("variant deliberately broken by -DBREAK"), std::string::npos) << "compiler stderr in run.log";
  EXPECT_EQ(candidates(run, 0)[1]["status"], "compile_failed");
}

TEST_F(GateAndFallback, AMiscompiledVariantIsCaughtAndNeverChosen) {
  auto run = dir_.path() / "A";
  ProcessResult result = record_sabotage(run, "-DSABOTAGE=1");
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  for (const auto& point : read_points(run)) EXPECT_NE(point["config"]["BLOCK"], "1");
  auto first = candidates(run, 0)[0];
  EXPECT_EQ(first["status"], "verify_failed");
  EXPECT_FALSE(first["time_us"].is_number()) << "a variant that fails verification is not timed";
  EXPECT_NE(first["error"].get<std::string>().find("VERIFY_FAILED max_abs=1"), std::string::npos) << first;
}

TEST_F(GateAndFallback, WhenNothingVerifiesThePointFailsUntimed) {
  auto run = dir_.path() / "A";
  ProcessResult result = record_sabotage(run, "-DSABOTAGE_ALL");
  EXPECT_EQ(result.exit_code, 1) << describe(result);
  auto results = read_results(run);
  ASSERT_EQ(results["points"].size(), 2u);
  for (const auto& point : results["points"]) {
    EXPECT_EQ(point["status"], "FAILED");
    EXPECT_TRUE(point["samples_us"].empty());
    ASSERT_FALSE(point["markers"].empty());
    EXPECT_EQ(point["markers"][0].get<std::string>().rfind("VERIFY_FAILED max_abs=1 max_rel=", 0), 0u) << point["markers"];
  }
  EXPECT_NE(read_text_file(run / "run.log").find("VERIFY_FAILED max_abs=1"), std::string::npos);
  EXPECT_TRUE(fs::is_empty(run / "ir") || !fs::exists(run / "ir/1000")) << "no IR for unmeasured variants";
}

TEST_F(GateAndFallback, AnUnwrittenOutputElementFailsVerification) {
  auto run = dir_.path() / "A";
  EXPECT_EQ(record_sabotage(run, "-DSKIP_LAST").exit_code, 1);
  auto point = read_results(run)["points"][0];
  EXPECT_EQ(point["status"], "FAILED");
  EXPECT_NE(point["verify"]["first_mismatch"].get<std::string>().find("args.y[999]: got nan"), std::string::npos)
      << point["verify"];
}

// Its outputs are right, but it writes y[1000] and y[1001], past y's end: the guard after y names
// it, and it is never timed or chosen; the variants that stay inside their buffers are measured.
// (It writes 2 * x[1000], x's guard bytes doubled: a float whose low two bytes are the pattern's,
// so the first two bytes past the end read as unchanged.)
TEST_F(GateAndFallback, AVariantThatWritesPastItsBufferFailsVerification) {
  auto run = dir_.path() / "A";
  ProcessResult result = record_sabotage(run, "-DUNMASKED");
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  for (const auto& point : read_points(run)) {
    EXPECT_EQ(point["status"], "SUCCESS");
    EXPECT_NE(point["config"]["BLOCK"], "3");
  }
  const auto block3 = candidates(run, 0)[2];
  EXPECT_EQ(block3["status"], "verify_failed") << block3;
  EXPECT_FALSE(block3["time_us"].is_number()) << "never timed";
  EXPECT_NE(block3["error"].get<std::string>().find(
                "args.y: the kernel wrote past its end (2 of the 4096 guard bytes after it changed, the nearest 2 bytes past it)"),
            std::string::npos)
      << block3;
}

class ReplayFallback : public GateAndFallback {
 protected:
  void SetUp() override {
    ProcessResult result = record_sabotage(a(), "");
    ASSERT_EQ(result.exit_code, 0) << describe(result);
    chosen_ = read_results(a())["points"][0]["config"]["BLOCK"];
  }
  nlohmann::json replay_point(const std::vector<std::string>& extra, const std::string& name) {
    ProcessResult result = replay(a(), dir_.path() / name, extra);
    EXPECT_EQ(result.exit_code, 0) << describe(result);
    return read_results(dir_.path() / name)["points"][0];
  }
  fs::path a() { return dir_.path() / "A"; }
  std::string chosen_;
};

TEST_F(ReplayFallback, AConfigThatNoLongerVerifiesFallsBackToASweep) {
  auto point = replay_point({"--compiler-flags", "-DSABOTAGE=" + chosen_}, "B");
  EXPECT_EQ(point["status"], "SUCCESS");
  EXPECT_EQ(point["markers"][0], "AUTOTUNE_REPLAY_FALLBACK reason=verify_failed");
  EXPECT_EQ(point["config_source"], "fallback_sweep");
  EXPECT_NE(point["config"]["BLOCK"], chosen_);
  EXPECT_NE(read_text_file(dir_.path() / "B/run.log").find("AUTOTUNE_REPLAY_FALLBACK reason=verify_failed point="),
            std::string::npos);
  auto diff = nlohmann::json::parse(abtool({"diff", a().string(), (dir_.path() / "B").string(), "--format", "json"}).out);
  EXPECT_EQ(diff["points"][0]["verdict"], "UNTRUSTED");
}

TEST_F(ReplayFallback, AConfigThatNoLongerCompilesFallsBackToASweep) {
  auto point = replay_point({"--compiler-flags", "-DBREAK=" + chosen_}, "B");
  EXPECT_EQ(point["markers"][0], "AUTOTUNE_REPLAY_FALLBACK reason=compile_error");
}

TEST_F(ReplayFallback, AKeyMissingFromTheRecordFallsBackToASweep) {
  auto shapes = dir_.path() / "more.yaml";
  std::ofstream(shapes) << "fixture_sabotage:\n  shapes:\n    - [1000]\n    - [2000]\n";
  ProcessResult result = replay(a(), dir_.path() / "B", {"--shapes", shapes.string()});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  auto points = read_results(dir_.path() / "B")["points"];
  EXPECT_TRUE(without_host_busy(points[0]["markers"]).empty()) << points[0]["markers"];
  EXPECT_EQ(points[0]["config_source"], "replay");
  EXPECT_EQ(points[1]["markers"][0], "AUTOTUNE_REPLAY_FALLBACK reason=missing_key");
}

}  // namespace abt::e2e
