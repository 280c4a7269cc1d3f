#include <gtest/gtest.h>

#include <fstream>

#include "irdump/ir_dump.h"
#include "util/files.h"

namespace abt {

TEST(IrDump, MeasuredVariantsGetFilesEveryVariantGetsARow) {
  TempDir run("abtool-ir-");
  auto source = run.path() / "compiled.s";
  std::ofstream(source) << "ret\n";
  IrDump dump(RunLayout(run.path()));
  dump.add_row({"64x64", "k", "B1", "fp32", "B=1", 0, "h1", VariantRole::sweep_loser});
  dump.add_row({"64x64", "k", "B3", "fp32", "B=3", 0, "", VariantRole::compile_failed});
  dump.add_row({"64x64", "k", "B2", "fp32", "B=2", 0, "h2", VariantRole::sweep_loser});
  dump.add_launches("64x64", "k", "B1", 12);
  auto files = dump.write_measured({"64x64", "k", "B2", "fp32", "B=2", 0, "h2", VariantRole::measured}, {{"s", source}});
  dump.add_launches("64x64", "k", "B2", 30);

  EXPECT_EQ(files.all(), std::vector<std::string>{"ir/64x64/k/B2.s"});
  EXPECT_EQ(read_text_file(run.path() / "ir/64x64/k/B2.s"), "ret\n");
  EXPECT_FALSE(std::filesystem::exists(run.path() / "ir/64x64/k/B1.s"));
  // Every row is on disk as soon as it is added; counts and roles once enough changed, or at flush.
  EXPECT_EQ(read_text_file(run.path() / "ir/index.tsv"),
            "shape\tkernel\tvariant\tdtype\tparams\tlaunches\tbinary_hash\trole\tcompile_ms\n"
            "64x64\tk\tB1\tfp32\tB=1\t0\th1\tsweep_loser\t-\n"
            "64x64\tk\tB3\tfp32\tB=3\t0\t-\tcompile_failed\t-\n"
            "64x64\tk\tB2\tfp32\tB=2\t0\th2\tsweep_loser\t-\n");
  dump.flush();
  EXPECT_EQ(read_text_file(run.path() / "ir/index.tsv"),
            "shape\tkernel\tvariant\tdtype\tparams\tlaunches\tbinary_hash\trole\tcompile_ms\n"
            "64x64\tk\tB1\tfp32\tB=1\t12\th1\tsweep_loser\t-\n"
            "64x64\tk\tB3\tfp32\tB=3\t0\t-\tcompile_failed\t-\n"
            "64x64\tk\tB2\tfp32\tB=2\t30\th2\tmeasured\t-\n");
  dump.add_row({"64x64", "k", "B4", "fp32", "B=4", 0, "h4", VariantRole::sweep_loser});
  EXPECT_NE(read_text_file(run.path() / "ir/index.tsv").find("B=2\t30\th2\tmeasured\t-\n64x64\tk\tB4"), std::string::npos)
      << "appended after the rewrite";
}

// A run directory is shared: an IR file planted as a link to a file elsewhere is replaced by the
// variant's IR, and what it pointed at is left as it was.
TEST(IrDump, ALinkWhereAnIrFileGoesIsReplacedNotFollowed) {
  TempDir run("abtool-ir-"), elsewhere("abtool-ir-elsewhere-");
  const auto outside = elsewhere.path() / "precious.txt";
  std::ofstream(outside) << "precious\n";
  const auto source = run.path() / "compiled.s";
  std::ofstream(source) << "ret\n";
  IrDump dump(RunLayout(run.path()));
  std::filesystem::create_directories(run.path() / "ir/8/k");
  std::filesystem::create_symlink(outside, run.path() / "ir/8/k/B1.s");
  dump.write_measured({"8", "k", "B1", "fp32", "B=1", 0, "h1", VariantRole::measured}, {{"s", source}});
  EXPECT_FALSE(std::filesystem::is_symlink(run.path() / "ir/8/k/B1.s"));
  EXPECT_EQ(read_text_file(run.path() / "ir/8/k/B1.s"), "ret\n");
  EXPECT_EQ(read_text_file(outside), "precious\n");
}

TEST(IrDump, ManyChangesRewriteTheIndexNowAndThenNotEachTime) {
  TempDir run("abtool-ir-");
  IrDump dump(RunLayout(run.path()));
  for (int i = 0; i < 400; ++i) dump.add_row({"8", "k", "V" + std::to_string(i), "fp32", "", 0, "", VariantRole::sweep_loser});
  for (int i = 0; i < 400; ++i) dump.add_launches("8", "k", "V" + std::to_string(i), 1);
  // 400 changes, a rewrite after 64 + 400 / 4 = 164 of them: the first 328 rows show their count.
  const std::string index = read_text_file(run.path() / "ir/index.tsv");
  EXPECT_NE(index.find("V327\tfp32\t\t1\t"), std::string::npos);
  EXPECT_NE(index.find("V328\tfp32\t\t0\t"), std::string::npos);
}

TEST(IrDump, LegendIsWrittenOncePerOp) {
  TempDir run("abtool-ir-");
  IrDump dump(RunLayout(run.path()));
  dump.add_legend("a", "## a\n");
  dump.add_legend("a", "## a again\n");
  dump.add_legend("b", "## b\n");
  std::string naming = read_text_file(run.path() / "ir/naming.md");
  EXPECT_NE(naming.find("## a\n"), std::string::npos);
  EXPECT_EQ(naming.find("again"), std::string::npos);
  EXPECT_NE(naming.find("## b\n"), std::string::npos);
}

}  // namespace abt
