// diff's printers against checked-in expectations (tests/golden/diff): two real run directories
// (a host:g++ record and its host:clang++ replay, trimmed budgets) as inputs, the text, Markdown
// CSV and JSON reports as files. ABTOOL_UPDATE_GOLDEN=1 rewrites the expectations.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "compare/comparison.h"
#include "compare/report_printers.h"
#include "rundir/meta_record.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

class DiffGolden : public ::testing::Test {
 protected:
  // The inputs are copied and B's replay_from pointed at the copy of A, as if recorded there.
  void SetUp() override {
    for (const char* side : {"A", "B"}) fs::copy(golden() / side, runs_.path() / side, fs::copy_options::recursive);
    MetaRecord meta = MetaRecord::read(runs_.path() / "B" / "meta.json");
    meta.replay_from = runs_.path() / "A";
    write_file_atomically(runs_.path() / "B" / "meta.json", meta.to_json().dump(2));
    report_ = compare_runs(read_run(runs_.path() / "A"), read_run(runs_.path() / "B"), 2.0);
  }
  static fs::path golden() { return fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff"; }
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
  TempDir runs_{"abtool-golden-"};
  Comparison report_;
};

TEST_F(DiffGolden, Text) {
  std::ostringstream out;
  print_text(report_, out);
  expect_golden("expected.txt", portable(out.str()));
}

TEST_F(DiffGolden, TextInColourKeepsItsColumns) {
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

TEST_F(DiffGolden, Markdown) {
  std::ostringstream out;
  print_markdown(report_, out);
  expect_golden("expected.md", portable(out.str()));
}

TEST_F(DiffGolden, Csv) {
  std::ostringstream out;
  print_csv(report_, out);
  expect_golden("expected.csv", portable(out.str()));
}

TEST_F(DiffGolden, Json) {
  std::ostringstream out;
  print_json(report_, out);
  expect_golden("expected.json", portable(out.str()));
}

}  // namespace abt
