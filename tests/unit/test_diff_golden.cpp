// diff's printers against checked-in expectations: two real run directories as inputs, the text,
// Markdown, CSV and JSON reports as files. tests/golden/diff: a host:g++ record and its
// host:clang++ replay (trimmed budgets); tests/golden/diff_instructions: a --metric instructions
// record of cpu_work_knob and cpu_saxpy and its replay with -DEXTRA_PERMILLE=10 (1% more steps);
// tests/golden/diff_counters: an H200 record of saxpy, softmax and gemm with --counters and its
// replay with -Xptxas -O1 --counters all (both sides' hardware counters at every point).
// ABTOOL_UPDATE_GOLDEN=1 rewrites the expectations.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <sstream>

#include "compare/comparison.h"
#include "printers/exporter.h"
#include "printers/printers.h"
#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

class GoldenRuns : public ::testing::TestWithParam<const char*> {
 protected:
  GoldenRuns() : folder_(GetParam()) {}
  // The inputs are copied and B's replay_from pointed at the copy of A, as if recorded there.
  void SetUp() override {
    for (const char* side : {"A", "B"}) fs::copy(golden() / side, runs_.path() / side, fs::copy_options::recursive);
    MetaRecord meta = MetaRecord::read(runs_.path() / "B" / "meta.json");
    meta.replay_from = runs_.path() / "A";
    write_file_atomically(runs_.path() / "B" / "meta.json", meta.to_json().dump(2));
    report_ = compare_runs(read_run(runs_.path() / "A"), read_run(runs_.path() / "B"));
  }
  fs::path golden() const { return fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / folder_; }
  // Run paths differ per test run: they are written as <runs>.
  std::string portable(std::string text) const {
    const std::string prefix = runs_.path().string();
    for (size_t at; (at = text.find(prefix)) != std::string::npos;) text.replace(at, prefix.size(), "<runs>");
    return text;
  }
  void expect_golden(const std::string& name, const std::string& actual) {
    const fs::path expected = golden() / name;
    if (const char* update = std::getenv("ABTOOL_UPDATE_GOLDEN"); update && std::string(update) == "1")
      write_file_atomically(expected, actual);
    EXPECT_EQ(actual, read_text_file(expected)) << "diff printers changed; if intended, rerun with ABTOOL_UPDATE_GOLDEN=1";
  }
  const char* folder_;
  TempDir runs_{"abtool-golden-"};
  Comparison report_;
};

using DiffGolden = GoldenRuns;             // tests/golden/diff
using DiffInstructionsGolden = GoldenRuns;  // tests/golden/diff_instructions
using DiffCountersGolden = GoldenRuns;      // tests/golden/diff_counters

TEST_P(GoldenRuns, Text) {
  std::ostringstream out;
  print_text(report_, out);
  expect_golden("expected.txt", portable(out.str()));
}

// At a terminal's width no line is longer, but the run directories' paths (a path is not broken).
TEST_P(GoldenRuns, TextFitsTheWidthItIsGiven) {
  for (size_t width : {80u, 100u}) {
    std::ostringstream out;
    print_text(report_, out, false, false, width);
    std::istringstream lines(out.str());
    size_t count = 0;
    for (std::string line; std::getline(lines, line); ++count)
      if (line.rfind("A: ", 0) != 0 && line.rfind("B: ", 0) != 0) EXPECT_LE(line.size(), width) << line;
    EXPECT_GT(count, report_.points.size());
  }
}

TEST_P(DiffGolden, TextInColourKeepsItsColumns) {
  std::ostringstream plain, coloured;
  print_text(report_, plain);
  print_text(report_, coloured, true);
  std::string text = coloured.str();
  EXPECT_NE(text.find("\x1b[31mSLOWER\x1b[0m"), std::string::npos) << text;
  EXPECT_NE(text.find("\x1b[33mAMBIGUOUS\x1b[0m"), std::string::npos) << text;
  for (const char* code : {"\x1b[31m", "\x1b[33m", "\x1b[0m"})
    for (size_t at; (at = text.find(code)) != std::string::npos;) text.erase(at, std::string(code).size());
  EXPECT_EQ(text, plain.str()) << "without its colour codes, the same table";
}

TEST_P(GoldenRuns, Markdown) {
  std::ostringstream out;
  print_markdown(report_, out);
  expect_golden("expected.md", portable(out.str()));
}

TEST_P(GoldenRuns, Csv) {
  std::ostringstream out;
  print_csv(report_, out);
  expect_golden("expected.csv", portable(out.str()));
}

TEST_P(GoldenRuns, Json) {
  std::ostringstream out;
  print_json(report_, out);
  expect_golden("expected.json", portable(out.str()));
}

// diff --format goes through the one registry (printers/output_format.h): every format diff
// writes has an exporter that writes its golden file (text at 80 columns, off a terminal).
TEST_P(GoldenRuns, EveryRegisteredFormatWritesItsGoldenFile) {
  const std::map<OutputFormat, std::string> golden{{OutputFormat::text, "expected.txt"}, {OutputFormat::md, "expected.md"},
                                                   {OutputFormat::json, "expected.json"}, {OutputFormat::csv, "expected.csv"}};
  EXPECT_EQ(formats_of(FormattedCommand::diff),
            (std::vector<OutputFormat>{OutputFormat::text, OutputFormat::md, OutputFormat::json, OutputFormat::csv}));
  for (OutputFormat format : formats_of(FormattedCommand::diff)) {
    std::ostringstream out;
    exporter_of(format).write(report_, ExportOptions{false, false, 80, false}, out);
    ASSERT_TRUE(golden.count(format)) << spelling(format);
    EXPECT_EQ(portable(out.str()), read_text_file(this->golden() / golden.at(format))) << spelling(format);
  }
  EXPECT_NE(format_what(FormattedCommand::diff, OutputFormat::json).find(kDiffSchema), std::string::npos)
      << "its help names the layout it writes";
}

// What the golden runs hold, read from the report rather than its text: the planted 1% more
// steps are SLOWER by their counts, which the time alone could not say; identical code is SAME.
TEST_P(DiffInstructionsGolden, ThePlantedStepsAreSlowerByTheirCounts) {
  ASSERT_EQ(report_.points.size(), 3u);
  EXPECT_EQ(report_.decided_by_instructions(), 3);
  const PointComparison& planted = report_.points[0];
  EXPECT_EQ(planted.id, "cpu_work_knob/4096x1000/fp32");
  EXPECT_EQ(planted.verdict, Verdict::slower);
  ASSERT_TRUE(planted.instructions);
  EXPECT_GT(planted.instructions->change_pct, 1.0);
  EXPECT_EQ(planted.timing_verdict, Verdict::same);
  const PointComparison& untouched = report_.points[2];
  EXPECT_TRUE(untouched.identical_code);
  EXPECT_EQ(untouched.instructions->a, untouched.instructions->b);
  EXPECT_EQ(untouched.verdict, Verdict::same);
}

// Every printer against both: the counted runs show which metric decided (the text's
// instructions column and summary line, the CSV's and JSON's fields), the time's verdict beside it.
INSTANTIATE_TEST_SUITE_P(Runs, GoldenRuns, ::testing::Values("diff", "diff_instructions", "diff_counters"));
INSTANTIATE_TEST_SUITE_P(Timed, DiffGolden, ::testing::Values("diff"));
INSTANTIATE_TEST_SUITE_P(Counted, DiffInstructionsGolden, ::testing::Values("diff_instructions"));
INSTANTIATE_TEST_SUITE_P(Profiled, DiffCountersGolden, ::testing::Values("diff_counters"));

// Every point carries both sides' counters, read in B's process: the why is beside each verdict,
// in the text's detail lines and as the wide table's last column.
TEST_P(DiffCountersGolden, EveryPointShowsItsWhy) {
  EXPECT_EQ(report_.with_counters(), int(report_.points.size()));
  for (const auto& point : report_.points) {
    ASSERT_TRUE(point.counters) << point.id;
    EXPECT_TRUE(point.counters->same_process) << point.id;
    EXPECT_EQ(point.counters->a_reads.reads.size(), 2u) << point.id;
  }
  std::ostringstream text, wide;
  print_text(report_, text);
  print_text(report_, wide, false, true);
  std::string shown = text.str();
  for (size_t at; (at = shown.find("\n    ")) != std::string::npos;) shown.replace(at, 5, " ");  // the detail lines unwrapped
  size_t whys = 0;
  for (size_t at = shown.find("; why: dram read"); at != std::string::npos; at = shown.find("; why: dram read", at + 1)) ++whys;
  EXPECT_EQ(whys, report_.points.size()) << shown;
  EXPECT_NE(wide.str().find("why (counters)"), std::string::npos) << wide.str();
}

}  // namespace abt
