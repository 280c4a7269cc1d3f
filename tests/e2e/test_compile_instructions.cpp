// --compile-instructions end to end on the host: record and replay compile each measured variant
// once more under callgrind after its rounds; results.json keeps the compile's stages (the
// driver's processes) per point, and diff decides compile-time changes from them: an A/A is SAME
// stage by stage, a flag that changes what the compiler does is decided. Skipped (with the
// reason) where Valgrind is not installed.
#include <gtest/gtest.h>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class CompileInstructions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!find_program("valgrind")) return;
    dir_ = new TempDir("abtool-e2e-compile-instructions-");
    write_file_atomically(dir_->path() / "saxpy.yaml", "cpu_saxpy:\n  shapes:\n    - [65536]\n");
    auto run = [](std::vector<std::string> args) {
      args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
      args.insert(args.end(), {"--no-cache", "--compile-instructions"});
      return new ProcessResult(abtool(args));
    };
    record_ = run({"record", "--op", "cpu_saxpy", "--shapes", (dir_->path() / "saxpy.yaml").string(), "--compiler",
                   "host:g++", "--out", (dir_->path() / "A").string()});
    same_ = run({"replay", "--from", (dir_->path() / "A").string(), "--out", (dir_->path() / "AA").string()});
    // Another optimization pipeline: what cc1plus executes changes, the driver's own work does not.
    changed_ = run({"replay", "--from", (dir_->path() / "A").string(), "--compiler-flags=-fno-tree-vectorize", "--out",
                    (dir_->path() / "B").string()});
  }
  static void TearDownTestSuite() {
    for (ProcessResult* result : {record_, same_, changed_}) delete result;
    delete dir_;
  }
  void SetUp() override {
    if (!dir_) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind; scripts/bootstrap.sh installs it)";
    ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  }
  static fs::path run(const char* name) { return dir_->path() / name; }
  static nlohmann::json diff_json(const char* b) { return diff_as_json(run("A"), run(b)); }
  static TempDir* dir_;
  static ProcessResult *record_, *same_, *changed_;
};
TempDir* CompileInstructions::dir_ = nullptr;
ProcessResult* CompileInstructions::record_ = nullptr;
ProcessResult* CompileInstructions::same_ = nullptr;
ProcessResult* CompileInstructions::changed_ = nullptr;

TEST_F(CompileInstructions, TheMeasuredBinarysCompileIsCountedByProcess) {
  const auto point = read_results(run("A"))["points"].at(0);
  const auto& profile = point["compile_profile"];
  ASSERT_TRUE(profile.is_object()) << point.dump();
  EXPECT_EQ(profile["counted_by"], "callgrind");
  EXPECT_EQ(profile["same_binary"], true) << "-march=native resolved natively: the counted compile built the measured .so";
  std::vector<std::string> stages;
  for (const auto& stage : profile["stages"]) {
    stages.push_back(stage["stage"]);
    EXPECT_GT(stage["instructions"].get<uint64_t>(), 10000u) << stage.dump();
  }
  for (const char* expected : {"cc1plus", "as", "ld"})
    EXPECT_NE(std::find(stages.begin(), stages.end(), expected), stages.end()) << expected << " in " << profile.dump();
  EXPECT_NE(read_text_file(run("A") / "run.log").find("compile instructions of"), std::string::npos);
  EXPECT_EQ(read_json(run("A") / "meta.json")["compile_instructions"], true);
}

TEST_F(CompileInstructions, AnAAIsSameStageByStage) {
  ASSERT_EQ(same_->exit_code, 0) << describe(*same_);
  const auto report = diff_json("AA");
  ASSERT_EQ(report["compile_stages"].size(), 1u) << report.dump();
  const auto& op = report["compile_stages"][0];
  EXPECT_EQ(op["op"], "cpu_saxpy");
  EXPECT_EQ(op["counted_points"], 1);
  EXPECT_EQ(op["total"]["verdict"], "SAME") << op.dump();
  for (const auto& stage : op["stages"]) {
    EXPECT_EQ(stage["counted"]["verdict"], "SAME") << stage.dump();
    // A compile repeats its instructions to a few parts per million (temporary file names differ).
    EXPECT_LT(std::abs(stage["counted"]["change_pct"].get<double>()), 0.01) << stage.dump();
  }
  ASSERT_EQ(report["points"].at(0)["compile_profile"].size(), 2u);
  const ProcessResult text = abtool({"diff", run("A").string(), run("AA").string()});
  EXPECT_NE(text.out.find("compile stages B vs A, cpu_saxpy (1 of 1 point counted, instructions by callgrind, "
                          "threshold 0.1%): SAME"),
            std::string::npos)
      << text.out;
}

TEST_F(CompileInstructions, AnotherPipelineIsDecidedFromTheCounts) {
  ASSERT_EQ(changed_->exit_code, 0) << describe(*changed_);
  const auto report = diff_json("B");
  ASSERT_EQ(report["compile_stages"].size(), 1u) << report.dump();
  const auto& op = report["compile_stages"][0];
  EXPECT_NE(op["total"]["verdict"], "SAME") << op.dump();
  EXPECT_NE(op["total"]["verdict"], "AMBIGUOUS") << "equal counts of one compile leave no spread to be unsure about";
  for (const auto& stage : op["stages"])
    if (stage["stage"] == "cc1plus") EXPECT_GE(std::abs(stage["counted"]["change_pct"].get<double>()), 0.1) << stage.dump();
  const auto csv = abtool({"diff", run("A").string(), run("B").string(), "--format", "csv"});
  EXPECT_NE(csv.out.find(",a_compile_instructions,b_compile_instructions,compile_instructions_change_pct,"), std::string::npos);
}

TEST_F(CompileInstructions, ACompilerInsideAbtoolsProcessCannotBeCountedAndSaysSo) {
#ifdef ABTOOL_WITH_CUDA
  const ProcessResult nvrtc = abtool({"record", "--op", "saxpy", "--shapes", (source_dir() / "shapes" / "smoke.yaml").string(), "--compiler", "nvrtc",
                                      "--arch", "sm_90", "--compile-instructions", "--out", (dir_->path() / "N").string()});
  EXPECT_EQ(nvrtc.exit_code, 2) << describe(nvrtc);
  EXPECT_NE(nvrtc.err.find("--compile-instructions with --compiler nvrtc: the nvrtc backend compiles inside abtool's own process"),
            std::string::npos)
      << nvrtc.err;
  EXPECT_FALSE(fs::exists(dir_->path() / "N" / "results.json")) << "refused before anything is written";
#else
  GTEST_SKIP() << "a build without CUDA has no NVRTC backend";
#endif
}

}  // namespace abt::e2e
