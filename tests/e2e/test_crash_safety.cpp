// A kernel that kills the process leaves a run directory that is still readable by diff.
#include <gtest/gtest.h>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

TEST(CrashSafety, ResultsWrittenBeforeACrashStayReadable) {
  TempDir dir("abtool-crash-");
  fs::path ops = dir.path() / "ops";
  fs::create_directories(ops);
  fs::copy(source_dir() / "examples/ops/cpu_saxpy", ops / "cpu_saxpy", fs::copy_options::recursive);
  fs::copy(fixture_ops() / "fixture_crash", ops / "fixture_crash", fs::copy_options::recursive);
  fs::path run = dir.path() / "A";
  ProcessResult result = record(run, {"--ops-dir", ops.string(), "--op", "cpu_saxpy,fixture_crash"});
  EXPECT_EQ(result.exit_code, -1) << "killed by SIGABRT\n" << describe(result);

  auto results = read_json(run / "results.json");
  EXPECT_FALSE(results["complete"].get<bool>());
  EXPECT_EQ(results["planned"].size(), 3u);
  ASSERT_EQ(results["points"].size(), 1u) << "cpu_saxpy finished before the crash";
  EXPECT_EQ(results["points"][0]["status"], "SUCCESS");
  EXPECT_EQ(read_json(run / "meta.json")["status"], "running");
  EXPECT_TRUE(fs::exists(run / "autotune_records/cpu_saxpy.json"));
  int crash_rows = 0;
  for (const auto& row : read_tsv(run / "ir/index.tsv")) crash_rows += row[1] == "crash_at_333";
  EXPECT_GE(crash_rows, 1) << "the variant launched before the crash is indexed";

  ProcessResult diff = abtool({"diff", run.string(), run.string(), "--format", "json"});
  ASSERT_EQ(diff.exit_code, 0) << describe(diff);
  auto report = nlohmann::json::parse(diff.out);
  EXPECT_EQ(report["counts"]["MISSING"], 2);
  // The finished point is compared (2 short rounds of a sub-microsecond host op may not decide).
  EXPECT_EQ(report["counts"]["SAME"].get<int>() + report["counts"]["AMBIGUOUS"].get<int>(), 1) << report["counts"];
}

}  // namespace abt::e2e
