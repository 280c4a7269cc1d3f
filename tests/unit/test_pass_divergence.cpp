// passes/: a compiler's per-pass dumps read as "the IR after each pass", normalized, and the first
// pass whose output differs between two compiles. The Triton tests compile for sm_90 here (no GPU)
// with the interpreter of build/triton-venv, or skip saying why.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "passes/divergence.h"
#include "util/files.h"
#include "util/process.h"

namespace abt {
namespace {

namespace fs = std::filesystem;

TEST(PassDump, NormalizingDropsLocationsDebugInfoAndNamesButKeepsTheCode) {
  const std::string a = "#loc = loc(\"/a/k.py\":3:0)\n%0 = arith.addf %arg0, %arg1 : f32 loc(#loc1)\n"
                        "  %v12 = FADDf32rr %v3, %v4, 0; k.py:17:17\n";
  const std::string moved = "#loc = loc(\"/b/k.py\":9:0)\n%7 = arith.addf %arg0, %arg1 : f32 loc(#loc4)\n"
                            "  %v40 = FADDf32rr %v3, %v4, 0; k.py:99:1\n";
  EXPECT_EQ(normalize_ir(a), normalize_ir(moved)) << normalize_ir(a);
  const std::string changed = "#loc = loc(\"/a/k.py\":3:0)\n%0 = arith.mulf %arg0, %arg1 : f32 loc(#loc1)\n"
                              "  %v12 = FADDf32rr %v3, %v4, 0; k.py:17:17\n";
  EXPECT_NE(normalize_ir(a), normalize_ir(changed));
  EXPECT_EQ(normalize_ir("define void @k() !dbg !5 {\n  ret void, !dbg !9\n}\n!5 = !{}\n"), "define void @k() {\n  ret void\n}\n");
}

TEST(PassDump, MlirBeforeDumpsAreThePreviousPasssOutputAndLlvmAfterDumpsTheirOwn) {
  const std::string dump =
      "// -----// IR Dump Before Inliner (inline) ('builtin.module' operation) //----- //\nmodule {\n}\n"
      "// -----// IR Dump Before Canonicalizer (canonicalize) ('builtin.module' operation) //----- //\nmodule {\n  tt.return\n}\n"
      "; *** IR Dump After InstCombinePass on k ***\ndefine void @k() {\n  ret void\n}\n"
      "# *** IR Dump After NVPTX DAG->DAG Pattern Instruction Selection (nvptx-isel) ***:\nbb.0:\n  Return\n";
  const std::vector<PassPoint> points = read_pass_dump(dump);
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[0].pass, "front end");
  EXPECT_EQ(points[1].pass, "Inliner (inline)");
  EXPECT_EQ(points[1].ir, "module {\n  tt.return\n}\n");
  EXPECT_EQ(points[2].stage, PassStage::llvm);
  EXPECT_EQ(points[2].pass, "InstCombinePass on k");
  EXPECT_EQ(points[3].stage, PassStage::machine);
  EXPECT_EQ(points[3].pass, "NVPTX DAG->DAG Pattern Instruction Selection (nvptx-isel)");
}

TEST(PassDivergence, PassesAreAlignedByNameSoOneSidesExtraPassDoesNotShiftTheRest) {
  const auto point = [](const char* pass, const char* ir) { return PassPoint{PassStage::ttgir, pass, ir}; };
  const std::vector<PassPoint> a{point("front end", "x\n"), point("coalesce", "y\n"), point("pipeline", "z\n"), point("cse", "w\n")};
  std::vector<PassPoint> b{point("front end", "x\n"), point("new-pass", "x\n"), point("coalesce", "y\n"), point("pipeline", "z2\n"),
                           point("cse", "w\n")};
  const PassDivergence found = first_divergence(a, b);
  ASSERT_TRUE(found.diverged);
  EXPECT_EQ(found.pass, "pipeline") << "the first aligned pass whose output differs";
  EXPECT_EQ(found.only_in_b, (std::vector<std::string>{"ttgir new-pass"}));
  EXPECT_TRUE(found.only_in_a.empty());
  EXPECT_EQ(found.changed_lines, 2u);
  EXPECT_NE(found.excerpt.find("-z"), std::string::npos) << found.excerpt;
  EXPECT_NE(found.excerpt.find("+z2"), std::string::npos) << found.excerpt;
  EXPECT_FALSE(first_divergence(a, a).diverged);
}

// Triton 3.6.0's CheckMatmulTwoCTA (3.5.1 has none) adds `"ttng.two-ctas" = false` to the module's
// attributes: every later output differs, and the code's own first divergence is named beside it.
TEST(PassDivergence, AnAttributeOnlyDivergenceNamesTheFirstPassWhoseCodeDiffers) {
  const auto point = [](PassStage stage, const char* pass, const char* ir) { return PassPoint{stage, pass, ir}; };
  const char* plain = "module attributes {ttg.shared = 0 : i32} {\n  tt.func @k() {\n    %0 = arith.addf %a, %b : f32\n  }\n}\n";
  const char* marked = "module attributes {ttg.shared = 0 : i32, \"ttng.two-ctas\" = false} {\n  tt.func @k() {\n    %0 = arith.addf %a, %b : f32\n  }\n}\n";
  const char* marked_mul = "module attributes {ttg.shared = 0 : i32, \"ttng.two-ctas\" = false} {\n  tt.func @k() {\n    %0 = arith.mulf %a, %b : f32\n  }\n}\n";
  const std::vector<PassPoint> a{point(PassStage::ttgir, "front end", plain), point(PassStage::ttgir, "scratch", plain),
                                 point(PassStage::ttgir, "cse", plain), point(PassStage::llvm, "InstCombinePass on k", "add\n")};
  const std::vector<PassPoint> b{point(PassStage::ttgir, "front end", plain), point(PassStage::ttgir, "two-cta", marked),
                                 point(PassStage::ttgir, "scratch", marked), point(PassStage::ttgir, "gluon-inline", marked_mul),
                                 point(PassStage::ttgir, "cse", marked_mul),
                                 point(PassStage::llvm, "InstCombinePass on k", "mul\n")};
  const PassDivergence found = first_divergence(a, b);
  ASSERT_TRUE(found.diverged);
  EXPECT_EQ(found.pass, "scratch");
  EXPECT_EQ(found.since_same_only_in_b, (std::vector<std::string>{"ttgir two-cta"}));
  EXPECT_TRUE(found.attributes_only);
  ASSERT_TRUE(found.code.has_value());
  EXPECT_EQ(found.code->pass, "cse") << "the first pass whose output differs in more than the attribute line";
  EXPECT_EQ(found.code->since_same_only_in_b, (std::vector<std::string>{"ttgir gluon-inline"})) << "B's own pass made the change";
  EXPECT_TRUE(found.code->since_same_only_in_a.empty());
  EXPECT_EQ(found.code->stage, PassStage::ttgir);
  EXPECT_EQ(found.code->changed_lines, 2u);
  EXPECT_NE(found.code->excerpt.find("+    %0 = arith.mulf"), std::string::npos) << found.code->excerpt;
  EXPECT_EQ(found.code->excerpt.find("two-ctas"), std::string::npos) << "the attribute line is left out: " << found.code->excerpt;

  // the attributes alone, to the end: no code divergence; a code divergence first: no attribute note
  const std::vector<PassPoint> b_same_code{point(PassStage::ttgir, "front end", plain), point(PassStage::ttgir, "scratch", marked),
                                           point(PassStage::ttgir, "cse", marked), point(PassStage::llvm, "InstCombinePass on k", "add\n")};
  const PassDivergence attributes = first_divergence(a, b_same_code);
  EXPECT_TRUE(attributes.attributes_only);
  EXPECT_FALSE(attributes.code.has_value());
  const std::vector<PassPoint> b_code{point(PassStage::ttgir, "front end", plain), point(PassStage::ttgir, "scratch", marked_mul)};
  const PassDivergence code = first_divergence(a, b_code);
  EXPECT_FALSE(code.attributes_only);
  EXPECT_FALSE(code.code.has_value());
}

class TritonPasses : public ::testing::Test {
 protected:
  static std::string python() { return ABTOOL_TEST_TRITON_VENV "/bin/python3"; }
  void SetUp() override {
    if (!fs::exists(python())) GTEST_SKIP() << "no Triton at " << python() << " (scripts/bootstrap.sh installs it)";
  }
  // The layernorm example compiled for sm_90 with every pass dumped.
  std::vector<PassPoint> compiled(bool fp_fusion) {
    const ProcessResult result = run_process(
        {python(),
         {ABTOOL_TEST_SOURCE_DIR "/tests/fixtures/passes_layernorm.py", fp_fusion ? "1" : "0"},
         "",
         {{"MLIR_ENABLE_DUMP", "1"}, {"LLVM_IR_ENABLE_DUMP", "1"}, {"TRITON_CACHE_DIR", (dir_.path() / "cache").string()}},
         std::chrono::seconds(300)});
    EXPECT_EQ(result.exit_code, 0) << result.err.substr(result.err.size() > 2000 ? result.err.size() - 2000 : 0);
    return read_pass_dump(result.err);
  }
  TempDir dir_{"abtool-passes-"};
};

TEST_F(TritonPasses, AnAASaysNoDivergenceAndFpFusionOffIsTheNvptxInstructionSelection) {
  const std::vector<PassPoint> a = compiled(true), again = compiled(true), unfused = compiled(false);
  ASSERT_GT(a.size(), 100u) << "every MLIR, LLVM and machine pass";
  EXPECT_FALSE(first_divergence(a, again).diverged) << "the same code compiled twice";
  const PassDivergence found = first_divergence(a, unfused);
  ASSERT_TRUE(found.diverged);
  // Every IR pass agrees: the contraction of fmul + fadd into fma is made by instruction selection.
  EXPECT_EQ(found.stage, PassStage::machine);
  EXPECT_EQ(found.pass, "NVPTX DAG->DAG Pattern Instruction Selection (nvptx-isel)");
  EXPECT_NE(found.excerpt.find("FADD_rnf32rr"), std::string::npos) << "round-to-nearest adds, not contracted: " << found.excerpt;
  EXPECT_TRUE(found.only_in_a.empty() && found.only_in_b.empty()) << "one build: the same passes";
}

// GCC's dumps: one file per pass. -fno-tree-vectorize gates the vectorizer off: its passes run on
// A's side only, and the first common pass after them is where the code differs.
TEST(GccPasses, AnAASaysNoDivergenceAndWithoutTheVectorizerItsPassesAreWhereTheCodeDiffers) {
  TempDir dir("abtool-gcc-passes-");
  auto compiled = [&](const std::string& name, std::vector<std::string> flags) {
    const fs::path dumps = dir.path() / name;
    fs::create_directories(dumps);
    std::vector<std::string> args{"-O3", "-DABT_DTYPE=float", "-c", ABTOOL_TEST_SOURCE_DIR "/examples/ops/cpu_saxpy/saxpy.cpp",
                                  "-o", (dumps / "saxpy.o").string(), "-fdump-tree-all", "-fdump-rtl-all",
                                  "-dumpdir", dumps.string() + "/"};
    args.insert(args.end(), flags.begin(), flags.end());
    ProcessResult result;
    try {
      result = run_process({"g++", args, "", {}, std::chrono::seconds(120)});
    } catch (const std::runtime_error&) {  // no g++ to run
      return std::optional<std::vector<PassPoint>>();
    }
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return std::optional(read_gcc_dumps(dumps));
  };
  const auto a = compiled("a", {}), again = compiled("again", {}), scalar = compiled("scalar", {"-fno-tree-vectorize"});
  if (!a) GTEST_SKIP() << "no g++ on PATH";
  ASSERT_GT(a->size(), 100u) << "every tree and RTL pass";
  EXPECT_FALSE(first_divergence(*a, *again).diverged) << "the same code compiled twice (another dump file name)";
  const PassDivergence found = first_divergence(*a, *scalar);
  ASSERT_TRUE(found.diverged);
  EXPECT_EQ(found.stage, PassStage::gcc_tree);
  const auto& cause = found.since_same_only_in_a;
  EXPECT_NE(std::find(cause.begin(), cause.end(), "tree vect"), cause.end()) << found.pass;
  EXPECT_TRUE(found.since_same_only_in_b.empty());
}

}  // namespace
}  // namespace abt
