// abtool explain's printers against checked-in expectations: one report holding each outcome (a
// divergent pass after passes one side ran alone, a first divergent stage with and without pass
// dumps, no divergence, a divergence in the module's attributes alone, a point that could not be
// explained), as text and JSON.
// ABTOOL_UPDATE_GOLDEN=1 rewrites the expectations.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "passes/divergence.h"
#include "passes/pass_dump.h"
#include "printers/explain_printers.h"
#include "util/files.h"

namespace abt {
namespace {

namespace fs = std::filesystem;

ExplainReport every_outcome() {
  ExplainReport report{"runs/A", "runs/B", {}, {}, {}, "explained"};
  PointExplanation vectorized{"cpu_saxpy/65536/fp32", "UNROLL1", "UNROLL1", {}};
  vectorized.passes.outcome = ExplainOutcome::pass;
  vectorized.passes.a_passes = 237;
  vectorized.passes.b_passes = 233;
  vectorized.passes.a_rebuilt_measured = vectorized.passes.b_rebuilt_measured = true;
  PassDivergence& pass = vectorized.passes.divergence;
  pass.diverged = true;
  pass.aligned = 233;
  pass.stage = PassStage::gcc_tree;
  pass.pass = "pcom";
  pass.a_lines = 224;
  pass.b_lines = 38;
  pass.changed_lines = 248;
  pass.only_in_a = pass.since_same_only_in_a = {"tree ch_vect", "tree ifcvt", "tree vect", "tree dce6"};
  pass.excerpt = "@@ -1,3 +1,2 @@\n void saxpy (int64_t n, float a, const float * x, float * y)\n-  vector(8) float * n1;\n+  float * n1;\n";
  report.points.push_back(vectorized);
  report.verdicts[vectorized.point] = "SLOWER";
  report.instruction_ratios[vectorized.point] = 6.3;  // decided by the counts; its time untrusted: no speedup

  PointExplanation nvrtc{"saxpy/1048576/fp32", "BLOCK256", "BLOCK256", {}};
  nvrtc.passes.outcome = ExplainOutcome::stage;
  nvrtc.passes.stage = "ptx";
  nvrtc.passes.no_passes = "A: NVRTC has no option that prints the IR after each pass";
  nvrtc.passes.a_rebuilt_measured = true;
  nvrtc.passes.b_rebuilt_measured = false;
  report.points.push_back(nvrtc);
  report.verdicts[nvrtc.point] = "FASTER";

  PointExplanation codegen{"triton_softmax/4x1024/fp16", "BLOCK1024_w4", "BLOCK1024_w8", {}};
  codegen.passes.outcome = ExplainOutcome::stage;
  codegen.passes.stage = "binary";
  codegen.passes.a_passes = codegen.passes.b_passes = codegen.passes.divergence.aligned = 268;
  // explain --skip-passes --time: each kind of candidate, timed where its code changed
  SkipTiming as_a{Verdict::same, 1.002, 0.995, 1.009, "explained/skip-passes/tritongpu-coalesce", ""};
  SkipTiming not_timed{Verdict::failed, 0, 0, 0, "explained/skip-passes/tritongpu-pipeline", "its replay failed (exit 2): no GPU"};
  codegen.skipped = std::vector<SkippedPass>{
      {"tritongpu-coalesce", "abtool_skip_passes=tritongpu-coalesce", SkipOutcome::restores_a, "", as_a},
      {"tritongpu-F32DotTC", "abtool_skip_passes=tritongpu-F32DotTC", SkipOutcome::no_effect, "", std::nullopt},
      {"tritongpu-pipeline", "abtool_skip_passes=tritongpu-pipeline", SkipOutcome::other_code, "", not_timed},
      {"allocate-shared-memory-nv", "abtool_skip_passes=allocate-shared-memory-nv", SkipOutcome::failed,
       "the Triton helper's meta.json lacks what a launch needs", std::nullopt}};
  report.points.push_back(codegen);
  report.verdicts[codegen.point] = "SLOWER";

  PointExplanation same{"triton_layernorm/4x1024/fp32", "BLOCK_SIZE1024_num_warps4", "BLOCK_SIZE1024_num_warps4", {}};
  same.passes.outcome = ExplainOutcome::no_divergence;
  same.passes.a_passes = same.passes.b_passes = same.passes.divergence.aligned = 272;
  report.points.push_back(same);
  report.verdicts[same.point] = "SAME";

  // Triton 3.5.1 (A) against 3.6.0 (B), as on the H200: the first divergence is the module's
  // attributes alone, the code's own first divergence named beside it
  PointExplanation marked{"rms_norm_kernel/256x2048/bf16", "default", "default", {}};
  marked.passes.outcome = ExplainOutcome::pass;
  marked.passes.a_passes = 226;
  marked.passes.b_passes = 229;
  marked.passes.a_rebuilt_measured = marked.passes.b_rebuilt_measured = true;
  PassDivergence& attribute = marked.passes.divergence;
  attribute.diverged = attribute.attributes_only = true;
  attribute.aligned = 225;
  attribute.stage = PassStage::ttgir;
  attribute.pass = "TritonGPUGlobalScratchAllocationPass (tritongpu-global-scratch-memory-allocation)";
  attribute.a_lines = attribute.b_lines = 44;
  attribute.changed_lines = 2;
  attribute.since_same_only_in_b = {"ttgir TritonNvidiaGPUCheckMatmulTwoCTAPass (triton-nvidia-check-matmul-two-cta)"};
  attribute.pipeline_only_in_b = {"ttgir GluonInline (gluon-inline)",
                                  "ttgir TritonNvidiaGPUCheckMatmulTwoCTAPass (triton-nvidia-check-matmul-two-cta)"};
  attribute.excerpt = "@@ -1,2 +1,2 @@\n-module attributes {\"ttg.num-warps\" = 4 : i32} {\n+module attributes {\"ttg.num-warps\" = 4 : i32, "
                      "\"ttng.two-ctas\" = false} {\n";
  // As that H200 run compared them: as text (an explanation from before the canonical comparison).
  attribute.canonical = false;
  attribute.raw_changed_lines = attribute.changed_lines;
  PassDivergence::CodeDivergence code;
  code.stage = PassStage::mlir_llvm;
  code.pass = "ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm)";
  code.changed_lines = code.raw_changed_lines = 963;
  code.excerpt = "@@ -1,3 +1,4 @@\n module {\n+    %v2 = builtin.unrealized_conversion_cast %out_ptr\n";
  code.since_same_only_in_b = {"ttgir GluonInline (gluon-inline)"};
  attribute.code = code;
  report.points.push_back(marked);
  report.verdicts[marked.point] = "FASTER";

  // Triton 3.5.1 (A) against 3.6.0 (B) on one add kernel, from the two builds' real outputs of
  // ConvertTritonGPUToLLVM (tests/fixtures/passes): compared as code, its line count beside the
  // text's, the operations whose count changed, the excerpt.
  PointExplanation add{"triton_add/4096/fp32", "BLOCK_SIZE1024_num_warps4", "BLOCK_SIZE1024_num_warps4", {}};
  add.passes.outcome = ExplainOutcome::pass;
  add.passes.a_passes = add.passes.b_passes = 1;
  const fs::path fixtures = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "fixtures" / "passes";
  add.passes.divergence = first_divergence(
      {{PassStage::mlir_llvm, "ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm)",
        normalize_ir(read_text_file(fixtures / "add_kernel.convert-triton-gpu-to-llvm.triton-3.5.1.mlir"))}},
      {{PassStage::mlir_llvm, "ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm)",
        normalize_ir(read_text_file(fixtures / "add_kernel.convert-triton-gpu-to-llvm.triton-3.6.0.mlir"))}});
  report.points.push_back(add);
  report.verdicts[add.point] = "SLOWER";
  report.speedups[add.point] = 0.96;

  PointExplanation failed{"cpu_matmul/32x48x40/fp32", "BM16", "BM16", {}};
  failed.passes.error = "B's variant BM16 does not compile again: g++: fatal error: no input files";
  report.points.push_back(failed);
  return report;
}

void expect_golden(const std::string& file, const std::string& printed) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "explain" / file;
  if (std::getenv("ABTOOL_UPDATE_GOLDEN")) write_file_atomically(golden, printed);
  EXPECT_EQ(read_text_file(golden), printed) << "ABTOOL_UPDATE_GOLDEN=1 rewrites " << golden;
}

TEST(ExplainGolden, Text) {
  std::ostringstream out;
  print_explain_text(every_outcome(), out);
  expect_golden("expected.txt", out.str());
}

// --detail, wrapped as a 100-column terminal shows it: prose wraps under its indent, IR excerpts stay
// as printed.
TEST(ExplainGolden, Detail) {
  std::ostringstream out;
  print_explain_text(every_outcome(), out, {true, 100});
  expect_golden("expected_detail.txt", out.str());
}

// Issue 74: a point is one line by default, and the run's table counts each point by what its line
// leads with (the vectorizer's passes A ran alone, not pcom, which only shows their absence).
TEST(ExplainGolden, APointIsOneLineAndTheTableCountsWhatItsLineLeadsWith) {
  const ExplainReport report = every_outcome();
  std::ostringstream out;
  print_explain_text(report, out);
  const std::string text = out.str();
  for (const PointExplanation& point : report.points) {
    const size_t line = text.find("\n" + point.point + "  ");
    ASSERT_NE(line, std::string::npos) << point.point << "\n" << text;
    EXPECT_NE(text.compare(text.find('\n', line + 1) + 1, 1, " "), 0) << "no second line for " << point.point;
  }
  EXPECT_NE(text.find("cpu_saxpy/65536/fp32  SLOWER  UNROLL1  after passes only A ran (tree ch_vect, tree ifcvt, tree vect, tree "
                      "dce6), tree pass pcom; 248 lines changed"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  tree ch_vect, tree ifcvt, tree vect, tree dce6 (ran on A only), then pcom (tree): 1 point (SLOWER 1), instructions 6.300x\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("  pcom (tree): "), std::string::npos) << text;
  // The attributes' divergence: the code's own first difference leads, in the line and in the table.
  EXPECT_NE(text.find("  default  after passes only B ran (ttgir GluonInline (gluon-inline)), llir (MLIR) pass ConvertTritonGPUToLLVM"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  ttgir GluonInline (gluon-inline) (ran on B only), then ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm) "
                      "(llir (MLIR)): 1 point (FASTER 1)\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("    @@"), std::string::npos) << "no excerpt without --detail";
  // Wrapped to a terminal's width: no line longer than it.
  std::ostringstream narrow;
  print_explain_text(report, narrow, {false, 80});
  std::istringstream lines(narrow.str());
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
}

TEST(ExplainGolden, Json) {
  std::ostringstream out;
  print_explain_json(every_outcome(), out);
  expect_golden("expected.json", out.str());
}

// The JSON read back is the report it was printed from: printed again, byte for byte the golden.
TEST(ExplainGolden, JsonReadBackPrintsTheSame) {
  const ExplainReport read = read_explain_json(fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "explain" / "expected.json");
  std::ostringstream out;
  print_explain_json(read, out);
  EXPECT_EQ(out.str(), read_text_file(fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "explain" / "expected.json"));
}

// A damaged code divergence (an unknown stage) is one error naming the file, the point and the field.
TEST(ExplainGolden, ADamagedCodeDivergenceNamesTheFileThePointAndTheField) {
  std::string text = read_text_file(fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "explain" / "expected.json");
  const std::string stage = "\"stage\": \"llir (MLIR)\"";
  ASSERT_NE(text.find(stage), std::string::npos);
  text.replace(text.find(stage), stage.size(), "\"stage\": \"lowering\"");
  TempDir dir{"abtool-explain-json-"};
  const fs::path damaged = dir.path() / "explain.json";
  write_file_atomically(damaged, text);
  try {
    read_explain_json(damaged);
    FAIL() << "a damaged file was read";
  } catch (const std::exception& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(damaged.string()), std::string::npos) << message;
    EXPECT_NE(message.find("rms_norm_kernel/256x2048/bf16"), std::string::npos) << message;
    EXPECT_NE(message.find("code"), std::string::npos) << message;
    EXPECT_NE(message.find("unknown value 'lowering'"), std::string::npos) << message;
  }
}

TEST(ExplainGolden, NoPointToExplainSaysSo) {
  std::ostringstream out;
  print_explain_text({"runs/A", "runs/AA", {}, {}, {}, ""}, out);
  EXPECT_NE(out.str().find("no point to explain"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace abt
