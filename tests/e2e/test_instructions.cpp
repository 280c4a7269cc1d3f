// --metric instructions end to end on the host: record and replay count every timed side's call
// under Valgrind after its rounds, results.json keeps the counts per side, and diff decides from
// them: an A/A gives equal counts, 0.1% more steps of cpu_work_knob (+0.45% instructions with
// the planted loop's own) are SLOWER whatever the
// time says. Skipped (with the reason) where Valgrind is not installed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <tuple>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class InstructionCounts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!find_program("valgrind")) return;
    dir_ = new TempDir("abtool-e2e-instructions-");
    // 1000 steps per element: EXTRA_PERMILLE=1 plants one more (0.1% of the chain).
    write_file_atomically(shapes(), "cpu_work_knob:\n  shapes:\n    - [4096, 1000]\n");
    auto run = [](std::vector<std::string> args) {
      args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
      return new ProcessResult(abtool(args));
    };
    record_ = run({"record", "--op", "cpu_work_knob", "--shapes", shapes().string(), "--compiler", "host:g++",
                   "--metric", "instructions", "--out", (dir_->path() / "A").string()});
    same_ = run({"replay", "--from", (dir_->path() / "A").string(), "--out", (dir_->path() / "AA").string()});
    planted_ = run({"replay", "--from", (dir_->path() / "A").string(), "--compiler-flags=-DEXTRA_PERMILLE=1", "--out",
                    (dir_->path() / "B").string()});
  }
  static void TearDownTestSuite() {
    for (ProcessResult* result : {record_, same_, planted_}) delete result;
    delete dir_;
  }
  void SetUp() override {
    if (!dir_) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind; scripts/bootstrap.sh installs it)";
    ASSERT_EQ(record_->exit_code, 0) << describe(*record_);
  }
  static fs::path shapes() { return dir_->path() / "knob.yaml"; }
  static fs::path run(const char* name) { return dir_->path() / name; }
  static nlohmann::json diff_json(const char* b) { return diff_as_json(run("A"), run(b)); }
  static TempDir* dir_;
  static ProcessResult *record_, *same_, *planted_;
};
TempDir* InstructionCounts::dir_ = nullptr;
ProcessResult* InstructionCounts::record_ = nullptr;
ProcessResult* InstructionCounts::same_ = nullptr;
ProcessResult* InstructionCounts::planted_ = nullptr;

TEST_F(InstructionCounts, EverySideIsCountedTwiceTheSame) {
  EXPECT_EQ(read_json(run("A") / "meta.json")["metric"], "instructions");
  const auto a = read_results(run("A"))["points"].at(0);
  ASSERT_TRUE(a["instructions"].is_object()) << a.dump();
  EXPECT_EQ(a["instructions"]["tool"], "callgrind");
  ASSERT_EQ(a["instructions"]["calls"].size(), 2u);
  EXPECT_EQ(a["instructions"]["calls"][0], a["instructions"]["calls"][1]);
  EXPECT_GT(a["instructions"]["calls"][0].get<uint64_t>(), 100000u);

  ASSERT_EQ(same_->exit_code, 0) << describe(*same_);
  EXPECT_EQ(read_json(run("AA") / "meta.json")["metric"], "instructions") << "a replay counts what A counted";
  const auto b = read_results(run("AA"))["points"].at(0);
  EXPECT_EQ(b["instructions"]["calls"], a["instructions"]["calls"]) << "the same code in another process";
  EXPECT_EQ(b["baseline"]["instructions"]["calls"], a["instructions"]["calls"]) << "A's stored binary, counted in B's process";
  // The fingerprint says the code was built for Valgrind (no AVX-512), on both sides.
  const auto flags = read_json(run("AA") / "meta.json")["compiler"]["flags"];
  EXPECT_NE(std::find(flags.begin(), flags.end(), "-mno-avx512f"), flags.end()) << flags.dump();
}

TEST_F(InstructionCounts, AnAAIsSameByEqualCounts) {
  ASSERT_EQ(same_->exit_code, 0) << describe(*same_);
  const auto report = diff_json("AA");
  EXPECT_EQ(report["decided_by_instructions"], 1);
  const auto& point = report["points"].at(0);
  EXPECT_EQ(point["metric"], "instructions");
  EXPECT_EQ(point["instructions"]["verdict"], "SAME");
  EXPECT_EQ(point["instructions"]["change_pct"], 0.0);
  EXPECT_EQ(point["instructions"]["a"], point["instructions"]["b"]);
  EXPECT_EQ(point["verdict"], "SAME");
}

TEST_F(InstructionCounts, OneMoreStepInAThousandIsSlower) {
  ASSERT_EQ(planted_->exit_code, 0) << describe(*planted_);
  const auto report = diff_json("B");
  const auto& point = report["points"].at(0);
  EXPECT_EQ(point["metric"], "instructions");
  EXPECT_EQ(point["instructions"]["verdict"], "SLOWER") << point.dump();
  // The counts cannot be moved by a loaded machine; the time can: where its whole interval lands
  // on the faster side (a build beside the test), the two disagree and the point says so.
  const bool disagreed = point["verdict"] == "UNTRUSTED";
  if (disagreed)
    EXPECT_NE(point["note"].get<std::string>().find("the counts and the time disagree: more instructions"), std::string::npos)
        << point.dump();
  else
    EXPECT_EQ(point["verdict"], "SLOWER") << point.dump();
  const double change = point["instructions"]["change_pct"];  // the step, and the planted loop's own test per group
  EXPECT_GT(change, 0.1);
  EXPECT_LT(change, 1.0);
  EXPECT_EQ(point["instructions"]["spread_pct"], 0.0);
  EXPECT_TRUE(point["timing_verdict"].is_string()) << "the time's own verdict stays beside it";

  const ProcessResult text = abtool({"diff", run("A").string(), run("B").string()});
  EXPECT_NE(text.out.find("verdicts from instruction counts (callgrind) at 1 of 1 points (threshold 0.1%)"),
            std::string::npos)
      << text.out;
  const ProcessResult gate = abtool({"diff", run("A").string(), run("B").string(), "--fail-on-regression"});
  EXPECT_EQ(gate.exit_code, 1) << describe(gate);
  EXPECT_NE(gate.err.find(disagreed ? "abtool diff: incomplete: " : "instructions (+"), std::string::npos) << gate.err;
  const ProcessResult loose = abtool({"diff", run("A").string(), run("B").string(), "--instructions-threshold", "1", "--format", "json"});
  EXPECT_EQ(nlohmann::json::parse(loose.out)["points"].at(0)["verdict"], "SAME") << "within a 1% threshold";
}

TEST_F(InstructionCounts, AReplayCannotChangeTheMetric) {
  const ProcessResult result = replay(run("A"), run("T"), {"--metric", "time"});
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  EXPECT_NE(result.err.find("--metric time: A was recorded with --metric instructions"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(run("T")));
}

TEST_F(InstructionCounts, WithoutValgrindTheMetricIsAnErrorNamingIt) {
  const ProcessResult result =
      abtool({"record", "--op", "cpu_work_knob", "--shapes", shapes().string(), "--compiler", "host:/usr/bin/g++",
              "--metric", "instructions", "--out", run("none").string()},
             {{"PATH", dir_->path().string()}});
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  EXPECT_NE(result.err.find("--metric instructions: valgrind is not on PATH"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(run("none"))) << "nothing is written before the run can be had";
}

// Issue 63: a valgrind that answers --version but counts nothing gave exit 0 and no count at any
// point, said only in each point's run.log line. The run now says it once where it is seen.
TEST_F(InstructionCounts, AValgrindThatCountsNothingIsSaid) {
  const fs::path bin = dir_->path() / "fake-valgrind";
  fs::create_directories(bin);
  write_file_atomically(bin / "valgrind", "#!/bin/sh\nif [ \"$1\" = --version ]; then echo valgrind-3.19.0; fi\nexit 0\n");
  fs::permissions(bin / "valgrind", fs::perms::owner_all);
  const char* path = std::getenv("PATH");
  const ProcessResult result =
      abtool({"record", "--op", "cpu_work_knob", "--shapes", shapes().string(), "--compiler", "host:g++", "--metric",
              "instructions", "--warmup-ms", "5", "--rep-ms", "20", "--rounds", "2", "--out", run("fake").string()},
             {{"PATH", bin.string() + ":" + (path ? path : "/usr/bin:/bin")}});
  EXPECT_EQ(result.exit_code, 0) << describe(result);
  EXPECT_NE(result.err.find("WARNING: --metric instructions: none of the "), std::string::npos) << result.err;
  for (const auto& point : read_points(run("fake")))
    EXPECT_TRUE(!point.contains("instructions") || point.at("instructions").is_null()) << point.dump();
}

// Counts are read like the rest of results.json: a damaged one is one line naming file, point and field.
TEST_F(InstructionCounts, ADamagedCountIsRefusedNamingIt) {
  ASSERT_EQ(same_->exit_code, 0) << describe(*same_);
  for (const auto& [name, edit, expected] : std::vector<std::tuple<const char*, std::function<void(nlohmann::json&)>, std::string>>{
           {"negative", [](nlohmann::json& point) { point["instructions"]["calls"] = {-5, 12}; },
            "cpu_work_knob/4096x1000/fp32): instructions: calls: an instruction count is not negative"},
           {"tool", [](nlohmann::json& point) { point["baseline"]["instructions"]["tool"] = "perf"; },
            "tool: unknown counter 'perf' (this abtool knows callgrind and cupti)"},
           {"none", [](nlohmann::json& point) { point["instructions"]["calls"] = nlohmann::json::array(); },
            "calls: at least one counted call"}}) {
    const fs::path damaged = run("AA").string() + "-" + name;
    fs::copy(run("AA"), damaged, fs::copy_options::recursive);
    nlohmann::json results = read_json(damaged / "results.json");
    edit(results["points"][0]);
    write_file_atomically(damaged / "results.json", results.dump());
    const ProcessResult diff = abtool({"diff", run("A").string(), damaged.string()});
    EXPECT_EQ(diff.exit_code, 2) << name << ": " << describe(diff);
    EXPECT_NE(diff.err.find((damaged / "results.json").string()), std::string::npos) << diff.err;
    EXPECT_NE(diff.err.find(expected), std::string::npos) << diff.err;
    EXPECT_EQ(std::count(diff.err.begin(), diff.err.end(), '\n'), 1) << "one line: " << diff.err;
  }
}

// --counters reads a device's hardware counters: a host op runs without them, and says so.
TEST(HardwareCounters, AHostOpRunsWithoutThemAndTheRunLogSaysWhy) {
  TempDir dir("abtool-e2e-counters-");
  std::vector<std::string> args = {"record", "--op", "cpu_saxpy", "--compiler", "host:g++", "--counters", "all", "--out",
                                   (dir.path() / "A").string()};
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  const ProcessResult result = abtool(args);
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  const std::string log = read_text_file(dir.path() / "A" / "run.log");
  EXPECT_NE(log.find("warning: --counters: op cpu_saxpy runs without hardware counters: hardware counters are read for CUDA "
                     "ops only"),
            std::string::npos)
      << log;
  EXPECT_EQ(read_json(dir.path() / "A" / "meta.json")["counters"], "all");
  for (const auto& point : read_points(dir.path() / "A")) {
    EXPECT_EQ(point["status"], "SUCCESS") << point.dump(1);
    EXPECT_FALSE(point.contains("counters")) << point.dump(1);
  }
}

}  // namespace abt::e2e
