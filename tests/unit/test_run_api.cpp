// The recorder's plan -> run API, in process: what the CLI and replay call.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/run.h"
#include "recorder/record_run.h"
#include "recorder/sweep.h"
#include "rundir/autotune_store.h"
#include "rundir/results_file.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

RunOptions tiny_record(const fs::path& out) {
  RunOptions options;
  options.ops = std::vector<std::string>{"cpu_saxpy"};
  options.compiler = "host:g++";
  options.warmup_ms = 5;
  options.rep_ms = 10;
  options.rounds = 2;
  options.out = out;
  return options;
}

RunDefaults source_defaults() {
  RunDefaults defaults;
  defaults.ops_dir = fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops";
  defaults.shapes = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "fixtures" / "shapes" / "tiny.yaml";
  return defaults;
}

TEST(RunApi, APlanIsExecutedIntoARunDirectory) {
  TempDir dir("abtool-api-");
  RunPlan plan(resolve_request(tiny_record(dir.path() / "A"), RunMode::record, source_defaults()));
  ASSERT_EQ(plan.ops().size(), 1u);
  EXPECT_EQ(plan.request().timing.rounds, 2);
  std::vector<std::string> lines;
  RunOutcome outcome = record_run(plan, [&](const std::string& line) { lines.push_back(line); });
  EXPECT_EQ(outcome.failed, 0);
  ASSERT_EQ(outcome.points.size(), 1u);
  EXPECT_EQ(outcome.points[0].config_source, ConfigSource::sweep);
  EXPECT_TRUE(outcome.points[0].measurement.samples_us.empty()) << "the outcome keeps summaries; the samples are on disk";
  ResultsFile written = ResultsFile::read(dir.path() / "A" / "results.json");
  EXPECT_TRUE(written.complete);
  EXPECT_EQ(written.points[0].measurement.round_sizes.size(), 2u);
  EXPECT_EQ(written.points[0].latency.n, outcome.points[0].latency.n);
  EXPECT_EQ(summarize(written.points[0].measurement.samples_us).median, outcome.points[0].latency.median);
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(),
                          [](const std::string& line) { return line.rfind("SUCCESS cpu_saxpy/4096/fp32", 0) == 0; }))
      << "the echo sees every run.log line, the point's result among them";
}

TEST(RunApi, BadInputIsRefusedWhilePlanningBeforeAnythingIsWritten) {
  TempDir dir("abtool-api-");
  RunOptions options = tiny_record(dir.path() / "A");
  options.dtypes = std::vector<std::string>{"fp33"};
  EXPECT_THROW(RunPlan(resolve_request(options, RunMode::record, source_defaults())), InputError);
  options.dtypes.reset();
  options.ops = std::vector<std::string>{"cpu_nothing"};
  EXPECT_THROW(RunPlan(resolve_request(options, RunMode::record, source_defaults())), InputError);
  options.ops_dir.reset();
  EXPECT_THROW(resolve_request(options, RunMode::record, RunDefaults{}), InputError) << "no default ops folder";
  EXPECT_FALSE(fs::exists(dir.path() / "A"));
}

}  // namespace abt

namespace abt {

// Successive halving (recorder/sweep.h): every verified candidate is screened, a quarter (at
// least 3) is timed with the sweep budget, and the choice is the fastest of those finalists.
TEST(RunApi, ASweepScreensEveryCandidateAndChoosesTheFastestFinalist) {
  TempDir dir("abtool-api-");
  RunOptions options = tiny_record(dir.path() / "A");
  options.ops = std::vector<std::string>{"cpu_matmul"};
  RunPlan plan(resolve_request(options, RunMode::record, source_defaults()));
  RunOutcome outcome = record_run(plan);
  ASSERT_EQ(outcome.failed, 0);
  auto record = AutotuneStore::open_record(dir.path() / "A" / "autotune.sqlite");
  const std::vector<ChoiceRecord> choices = record->choices("cpu_matmul");
  ASSERT_FALSE(choices.empty());
  for (const ChoiceRecord& choice : choices) {
    const std::vector<CandidateRecord> candidates = record->candidates(choice.key);
    size_t finalists = 0, screened = 0;
    double fastest = 1e300;
    for (const auto& candidate : candidates) {
      if (candidate.status == CandidateStatus::ok) {
        ++finalists;
        ASSERT_TRUE(candidate.time_us);
        fastest = std::min(fastest, *candidate.time_us);
        if (candidate.variant == choice.variant) EXPECT_EQ(candidate.time_us, choice.time_us);
      }
      if (candidate.status == CandidateStatus::screened_out) {
        ++screened;
        EXPECT_TRUE(candidate.time_us) << "a screened-out candidate keeps its first-stage time";
        EXPECT_NE(candidate.variant, choice.variant);
      }
    }
    ASSERT_GT(finalists + screened, 4u) << "cpu_matmul's space is large enough to be screened";
    EXPECT_EQ(finalists, sweep_finalists(finalists + screened, false));
    EXPECT_EQ(choice.time_us, fastest) << choice.key.shape;
  }
}

}  // namespace abt
